/**
 * The company part of a unit's form, shared by the registration's unit steps (UnitStep) and the participant
 * editor (ParticipantEditor): the credit code (looked up and the company locked when registered), the name
 * (searched in one dialog), the registration data and the legal person. One definition, so that a company is
 * entered and checked alike wherever it is.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Cascader, Col, DatePicker, Form, Input, List, Modal, Select } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { showApiError } from '@/api/client';
import {
  addressRule,
  creditCodeRule,
  idNumberRule,
  MSG_REGISTER_DATE_REQUIRED,
  MSG_REGISTERED_AREA_REQUIRED,
  MSG_UNIT_TYPE_REQUIRED,
  normalizeCreditCode,
  personNameRule,
  phoneRule,
  requiredDateRule,
  requiredRule,
  triggersLookup,
  unitNameRule,
} from '@/utils/rules';
import { cascaderOptions } from '@/utils/cascader';
import { fetchRegisterPlaces } from '@/pages/area/service';
import { companyValues } from './unitForm';
import type { CompanyInfo } from '../service';

export const MSG_COMPANY_LOCKED = '该单位信息已登记，单位信息不可修改';

/** Where a form finds registered companies: by credit code (0 or 1) and by name. */
export interface CompanySource {
  lookup: (code: string) => Promise<CompanyInfo[]>;
  search: (name: string) => Promise<CompanyInfo[]>;
}

/** The form's company and whether it is a registered (locked) one. */
export interface CompanyLock {
  locked: boolean;
  fill: (company: CompanyInfo) => void;
  unlock: () => void;
  /** Call from the form's onValuesChange with the new credit code. */
  onCodeChange: (code: string) => Promise<void>;
  /** A name typed in the search dialog, used as a new company. */
  useName: (name: string) => void;
  search: CompanySource['search'];
}

export function useCompanyLock(form: FormInstance, source: CompanySource, initiallyLocked = false): CompanyLock {
  const [locked, setLocked] = useState(initiallyLocked);
  const lookupSeq = useRef(0);

  const fill = (company: CompanyInfo) => {
    form.setFieldsValue(companyValues(company));
    setLocked(true);
    void form.validateFields(['Name', 'SocialCreditCode']).catch(() => undefined);
  };

  const unlock = () => {
    if (!locked) return;
    setLocked(false);
    // The look-up answers the legal person's phone and ID number masked: they must be typed again.
    for (const field of ['LegalPersonPhone', 'LegalPersonIdNumber'] as const) {
      if ((form.getFieldValue(field) as string | undefined)?.includes('*')) form.setFieldValue(field, '');
    }
  };

  const onCodeChange = async (code: string) => {
    const seq = ++lookupSeq.current;
    if (!triggersLookup(code)) {
      unlock();
      return;
    }
    try {
      const [company] = await source.lookup(code.trim());
      if (seq !== lookupSeq.current) return;
      if (company) fill(company);
      else unlock();
    } catch (error) {
      if (seq === lookupSeq.current) unlock();
      showApiError(error);
    }
  };

  const useName = (name: string) => {
    unlock();
    form.setFieldValue('Name', name);
    void form.validateFields(['Name']).catch(() => undefined);
  };

  return { locked, fill, unlock, onCodeChange, useName, search: source.search };
}

/** The company search dialog (by name); with `onUseName` a name not found may be used as a new company. */
function CompanySearch({
  open,
  search,
  onCancel,
  onPick,
  onUseName,
}: {
  open: boolean;
  search: CompanySource['search'];
  onCancel: () => void;
  onPick: (company: CompanyInfo) => void;
  onUseName?: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [hits, setHits] = useState<CompanyInfo[] | null>(null);
  const [loading, setLoading] = useState(false);
  const run = async (value: string) => {
    const query = value.trim();
    if (!query) return;
    setLoading(true);
    try {
      setHits(await search(query));
    } catch (error) {
      showApiError(error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Modal title="查询单位" open={open} onCancel={onCancel} footer={null} width={640} destroyOnHidden>
      <Input.Search
        value={name}
        maxLength={50}
        onChange={(event) => setName(event.target.value)}
        onSearch={(value) => void run(value)}
        placeholder="请输入单位名称"
        enterButton="查询"
        loading={loading}
        data-testid="company-search-input"
      />
      {hits !== null && (
        <List
          style={{ marginTop: 16 }}
          dataSource={hits}
          locale={{ emptyText: onUseName ? '未找到该单位' : '未找到该单位，请直接填写单位信息' }}
          renderItem={(company) => (
            <List.Item
              actions={[
                <Button key="pick" type="link" onClick={() => onPick(company)} data-testid="company-pick">
                  选择
                </Button>,
              ]}
            >
              <List.Item.Meta title={company.Name} description={company.SocialCreditCode} />
            </List.Item>
          )}
        />
      )}
      {onUseName && hits !== null && hits.length === 0 && name.trim() !== '' && (
        <div className="wizard-actions">
          <Button onClick={() => onUseName(name.trim())} data-testid="company-use-name">
            使用“{name.trim()}”作为新单位
          </Button>
        </div>
      )}
    </Modal>
  );
}

export interface CompanyBlockProps {
  lock: CompanyLock;
  /** The test ids' prefix: `${prefix}-code`, `${prefix}-name`… */
  prefix: string;
  companyTypes: { value: string; label: string }[] | undefined;
  disabled?: boolean;
  /**
   * The wizard's name is only picked in the search dialog (or typed there as a new company); the
   * participant editor's name is typed in place, the dialog only a help.
   */
  nameFromSearch?: boolean;
}

/** The company's columns of a `<Row>`, and the search dialog. */
export default function CompanyBlock({ lock, prefix, companyTypes, disabled = false, nameFromSearch = false }: CompanyBlockProps) {
  const [searchOpen, setSearchOpen] = useState(false);
  const places = useQuery({ queryKey: ['area', 'registerplace'], queryFn: fetchRegisterPlaces, staleTime: Infinity });
  const companyDisabled = disabled || lock.locked;
  // A locked company keeps its stored values on save: its (masked) fields are not validated.
  const companyRules = (rules: FormRule[]): FormRule[] => (lock.locked ? [] : rules);
  const openSearch = () => !companyDisabled && setSearchOpen(true);
  const searchIcon = <SearchOutlined aria-label="查询单位" onClick={openSearch} data-testid={`${prefix}-search`} />;

  return (
    <>
      <Col xs={24} lg={12}>
        <Form.Item
          label="统一社会信用代码"
          name="SocialCreditCode"
          normalize={normalizeCreditCode}
          rules={[creditCodeRule(true)]}
          extra="填写18位代码后自动查询已登记的单位；没有代码的填写“/”"
        >
          <Input maxLength={18} placeholder="请填写统一社会信用代码" data-testid={`${prefix}-code`} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item label="单位名称" name="Name" rules={companyRules([unitNameRule()])}>
          {nameFromSearch ? (
            <Input
              readOnly
              placeholder="点击查询单位名称"
              disabled={companyDisabled}
              onClick={openSearch}
              suffix={searchIcon}
              data-testid={`${prefix}-name`}
            />
          ) : (
            <Input maxLength={50} placeholder="请填写单位名称" disabled={companyDisabled} suffix={searchIcon} data-testid={`${prefix}-name`} />
          )}
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item label="注册地区" name="RegisteredArea" rules={companyRules([requiredRule(MSG_REGISTERED_AREA_REQUIRED)])}>
          <Cascader
            options={cascaderOptions(places.data)}
            loading={places.isLoading}
            placeholder="请选择注册地区"
            disabled={companyDisabled}
            data-testid={`${prefix}-area`}
          />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item label="注册日期" name="RegisterDate" rules={companyRules([requiredDateRule(MSG_REGISTER_DATE_REQUIRED)])}>
          <DatePicker style={{ width: '100%' }} placeholder="请选择注册日期" disabled={companyDisabled} data-testid={`${prefix}-register-date`} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item label="注册地址" name="RegisteredAddress" rules={companyRules([addressRule()])}>
          <Input maxLength={100} placeholder="请输入3-100个字的注册地址" disabled={companyDisabled} data-testid={`${prefix}-registered-address`} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item label="办公地址" name="OfficeAddress" rules={companyRules([addressRule()])}>
          <Input maxLength={100} placeholder="请输入3-100个字的办公地址" disabled={companyDisabled} data-testid={`${prefix}-office-address`} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item label="法定代表人" name="LegalPerson" rules={companyRules([personNameRule()])}>
          <Input maxLength={50} placeholder="请填写法定代表人姓名" disabled={companyDisabled} data-testid={`${prefix}-legal-person`} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item label="法定代表人电话" name="LegalPersonPhone" rules={companyRules([phoneRule()])}>
          <Input maxLength={20} placeholder="请填写联系电话" disabled={companyDisabled} data-testid={`${prefix}-legal-phone`} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item label="法定代表人身份证号" name="LegalPersonIdNumber" rules={companyRules([idNumberRule()])}>
          <Input maxLength={18} placeholder="请填写身份证号码" disabled={companyDisabled} data-testid={`${prefix}-legal-id`} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item label="单位类型" name="ProvinceCompanyType" rules={companyRules([requiredRule(MSG_UNIT_TYPE_REQUIRED)])}>
          <Select options={companyTypes} placeholder="请选择单位类型" disabled={companyDisabled} data-testid={`${prefix}-company-type`} />
        </Form.Item>
      </Col>
      <CompanySearch
        open={searchOpen}
        search={lock.search}
        onCancel={() => setSearchOpen(false)}
        onPick={(company) => {
          setSearchOpen(false);
          lock.fill(company);
        }}
        onUseName={
          nameFromSearch
            ? (name) => {
                setSearchOpen(false);
                lock.useName(name);
              }
            : undefined
        }
      />
    </>
  );
}
