/**
 * The reports' filter bar: month range, unit and team (of the builder's project or the project in view), the
 * regulator's district (without a project in view), and 导出.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Cascader, DatePicker, Form, Select, Space, message } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { MSG_UNKNOWN } from '@/api/client';
import { saveBlob } from '@/api/files';
import { fetchSupervisingDistricts, type AreaOption } from '@/pages/area/service';
import { fetchOptions } from '@/pages/worker/service';
import { useProjectInView } from '@/store/projectInView';
import { useIsRegulator } from '@/store/session';
import type { ReportFilter } from './service';

interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

const cascader = (options: AreaOption[] | undefined): CascaderOption[] =>
  (options ?? []).map((option) => ({
    value: option.value,
    label: option.label,
    children: option.children?.length ? cascader(option.children) : undefined,
  }));

interface ReportFiltersProps {
  filter: ReportFilter;
  onChange: (filter: ReportFilter) => void;
  /** The export of the current filter and the file name to save it under. */
  exportFile: (filter: ReportFilter) => Promise<Blob>;
  fileName: string;
}

const month = (text: string) => (text ? dayjs(`${text}-01`) : null);

export default function ReportFilters({ filter, onChange, exportFile, fileName }: ReportFiltersProps) {
  const regulator = useIsRegulator();
  const inView = useProjectInView((state) => state.project);
  const oneProject = !regulator || inView != null;
  const [exporting, setExporting] = useState(false);
  const options = useQuery({
    queryKey: ['report', 'options', inView?.id ?? 'own'],
    queryFn: () => fetchOptions(),
    enabled: oneProject,
  });
  const districts = useQuery({
    queryKey: ['area', 'guanxia_list'],
    queryFn: fetchSupervisingDistricts,
    staleTime: Infinity,
    enabled: !oneProject,
  });
  const teams = (options.data?.teams ?? []).filter((team) => !filter.unit || String(team.unitId) === filter.unit);

  const download = async () => {
    setExporting(true);
    try {
      saveBlob(await exportFile(filter), fileName);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : MSG_UNKNOWN);
    } finally {
      setExporting(false);
    }
  };

  const range = (values: [Dayjs | null, Dayjs | null] | null) =>
    onChange({
      ...filter,
      start: values?.[0]?.format('YYYY-MM') ?? '',
      end: values?.[1]?.format('YYYY-MM') ?? '',
    });

  return (
    <Space wrap size={16} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
      <Form layout="inline">
        <Form.Item label="统计月份">
          <DatePicker.RangePicker
            picker="month"
            value={[month(filter.start), month(filter.end)]}
            onChange={(values) => range(values as [Dayjs | null, Dayjs | null] | null)}
            placeholder={['开始月份', '结束月份']}
            data-testid="report-months"
          />
        </Form.Item>
        {oneProject ? (
          <>
            <Form.Item label="参建单位">
              <Select
                allowClear
                style={{ width: 220 }}
                placeholder="全部单位"
                value={filter.unit || undefined}
                options={(options.data?.units ?? []).map((unit) => ({ value: String(unit.value), label: unit.label }))}
                onChange={(unit?: string) => onChange({ ...filter, unit: unit ?? '', team: '' })}
                data-testid="report-unit"
              />
            </Form.Item>
            <Form.Item label="班组">
              <Select
                allowClear
                style={{ width: 180 }}
                placeholder="全部班组"
                value={filter.team || undefined}
                options={teams.map((team) => ({ value: String(team.value), label: team.label }))}
                onChange={(team?: string) => onChange({ ...filter, team: team ?? '' })}
                data-testid="report-team"
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item label="所属区域">
            <Cascader
              changeOnSelect
              style={{ width: 240 }}
              options={cascader(districts.data)}
              loading={districts.isLoading}
              placeholder="本辖区全部项目"
              onChange={(path) => onChange({ ...filter, district: path?.length ? String(path[path.length - 1]) : '' })}
              data-testid="report-district"
            />
          </Form.Item>
        )}
      </Form>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()} data-testid="report-export">
        导出
      </Button>
    </Space>
  );
}
