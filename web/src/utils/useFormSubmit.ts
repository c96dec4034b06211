/**
 * A form's save, as every step and editor does it: the fields validated first (an invalid form shows its
 * messages and nothing is sent), then the save with `saving` set and the server's error shown.
 */
import { useState } from 'react';
import type { FormInstance } from 'antd';
import { showApiError } from '@/api/client';

export function useFormSubmit<V>(form: FormInstance<V>) {
  const [saving, setSaving] = useState(false);

  /** The form's values, or null when a field is invalid (the form shows why). */
  const validated = async (): Promise<V | null> => {
    try {
      return await form.validateFields();
    } catch {
      return null;
    }
  };

  /** Runs a save with `saving` set; a failure is shown, not thrown. */
  const run = async (save: () => Promise<void>) => {
    setSaving(true);
    try {
      await save();
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  };

  /** Validates, then runs the save with the values. */
  const submit = async (save: (values: V) => Promise<void>) => {
    const values = await validated();
    if (values !== null) await run(() => save(values));
  };

  return { saving, validated, run, submit };
}
