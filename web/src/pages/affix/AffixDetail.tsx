/**
 * affixDetail/{belongdate}/{companyid}: one month's vouchers of one unit by category — list, upload (spec §5
 * voucher rules: jpg, jpeg, png, gif, pdf, doc, docx; at most 5; 5MB each), preview in the image viewer and
 * delete.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, List, Popconfirm, Space, Tag, message } from 'antd';
import { FileOutlined, PictureOutlined } from '@ant-design/icons';
import { useCanWrite } from '@/store/session';
import { MSG_UNKNOWN } from '@/api/client';
import UploadField from '@/components/upload/UploadField';
import ImageViewer from './ImageViewer';
import { deleteVoucher, fetchVouchers, fileVouchers, isImage, type AffixFile } from './service';

export default function AffixDetail() {
  const canWrite = useCanWrite();
  const { belongdate = '', companyid = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['affix', 'detail', belongdate, companyid], queryFn: () => fetchVouchers(belongdate, companyid) });
  const [pending, setPending] = useState<Record<string, string[]>>({});
  const [viewing, setViewing] = useState<number | null>(null);
  const data = detail.data;
  const images = (data?.files ?? []).filter((file) => isImage(file.url));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['affix'] });
  const fail = (error: unknown) => void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);

  const file = async (category: string) => {
    try {
      await fileVouchers(belongdate, companyid, category, pending[category] ?? []);
      void message.success('上传成功');
      setPending((current) => ({ ...current, [category]: [] }));
      refresh();
    } catch (error) {
      fail(error);
    }
  };

  const remove = async (voucher: AffixFile) => {
    try {
      await deleteVoucher(voucher.id);
      void message.success('删除成功');
      refresh();
    } catch (error) {
      fail(error);
    }
  };

  const open = (voucher: AffixFile) => {
    const index = images.findIndex((image) => image.id === voucher.id);
    if (index >= 0) setViewing(index);
    else window.open(voucher.url, '_blank', 'noopener');
  };

  return (
    <div className="stack" data-testid="affix-detail-page">
      {detail.isError && <Alert type="error" showIcon title={detail.error.message} />}
      {data && !data.due && (
        <Alert type="info" showIcon data-testid="affix-not-due" title="该月份无需上传凭证：凭证在工资发放后的下月上传，且只需上传单位进场以后的月份。" />
      )}
      <Card title="凭证信息" variant="borderless" loading={detail.isLoading}>
        {data && (
          <Descriptions column={3} size="middle">
            <Descriptions.Item label="月份">{data.belongdate}</Descriptions.Item>
            <Descriptions.Item label="单位">{data.companyName}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {!data.due ? <Tag>未到期</Tag> : data.complete === 1 ? <Tag color="green">齐全</Tag> : <Tag color="orange">缺凭证</Tag>}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {data?.categories.map((category) => {
        const filed = data.files.filter((voucher) => voucher.category === category.value);
        return (
          <Card
            key={category.value}
            variant="borderless"
            data-testid={`affix-category-${category.value}`}
            title={
              <Space>
                <span>{category.label}</span>
                {category.required && data.due && (filed.length > 0 ? <Tag color="green">已上传</Tag> : <Tag color="red">必传</Tag>)}
              </Space>
            }
          >
            {filed.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无凭证" />
            ) : (
              <List
                dataSource={filed}
                renderItem={(voucher) => (
                  <List.Item
                    actions={[
                      <Button key="view" type="link" size="small" onClick={() => open(voucher)} data-testid={`affix-view-${voucher.id}`}>
                        {isImage(voucher.url) ? '预览' : '打开'}
                      </Button>,
                      canWrite && data.editable && (
                        <Popconfirm key="delete" title={`删除凭证“${voucher.name}”？`} onConfirm={() => void remove(voucher)}>
                          <Button type="link" size="small" danger data-testid={`affix-delete-${voucher.id}`}>
                            删除
                          </Button>
                        </Popconfirm>
                      ),
                    ]}
                  >
                    <List.Item.Meta
                      avatar={isImage(voucher.url) ? <PictureOutlined /> : <FileOutlined />}
                      title={voucher.name}
                      description={`${voucher.uploader} 上传于 ${voucher.uploadedAt}`}
                    />
                  </List.Item>
                )}
              />
            )}
            {canWrite && data.editable && filed.length < 5 && (
              <Space align="start" style={{ marginTop: 12 }}>
                <UploadField
                  kind="voucher"
                  label="选择文件"
                  maxCount={5 - filed.length}
                  value={pending[category.value] ?? []}
                  onChange={(urls) => setPending((current) => ({ ...current, [category.value]: urls }))}
                  data-testid={`affix-upload-${category.value}`}
                />
                <Button
                  type="primary"
                  disabled={(pending[category.value] ?? []).length === 0}
                  onClick={() => void file(category.value)}
                  data-testid={`affix-save-${category.value}`}
                >
                  保存凭证
                </Button>
              </Space>
            )}
          </Card>
        );
      })}
      <ImageViewer images={images.map((image) => ({ url: image.url, name: image.name }))} index={viewing} onIndex={setViewing} />
    </div>
  );
}
