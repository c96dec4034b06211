import type { components } from '@/api/schema';

type AreaOption = components['schemas']['AreaOption'];

/** A cascader shows the codes' names; antd wants `children` absent (not null) on a leaf. */
export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

export function cascaderOptions(options: AreaOption[] | null | undefined): CascaderOption[] {
  return (options ?? []).map((option) => ({
    value: option.value,
    label: option.label,
    ...(option.children && option.children.length > 0 ? { children: cascaderOptions(option.children) } : {}),
  }));
}
