/**
 * The console's one way to save (a form, a decision, an upload): the fields validated first (an invalid form
 * shows its messages and nothing is sent), then the save with `saving` set, its success message, and a failure
 * shown; when the server asks to confirm first (301), the question, whose OK saves again. One hook serves every
 * button that shares its `saving`; ESLint refuses a busy flag kept by hand beside it (eslint.config.js).
 */
import { useState } from 'react';
import { message, type FormInstance } from 'antd';
import { ApiError, NEEDS_CONFIRMATION, showApiError } from '@/api/client';

export interface SaveOptions {
  /** Shown once the save went through; a message made from the reply is the save's own to show. */
  success?: string;
  /**
   * Called instead of showing the failure when the server answers 301, with the server's question: the page
   * asks it (Modal.confirm; the hook leaves Modal out of the login page's bundle) and, on OK, saves again
   * confirmed (a card failing its check digit, a worker on another project, a paid day taken back).
   */
  confirm?: (question: string) => void;
  /** Shows a failure otherwise than `showApiError`: on a field, or a transport failure the finance shell only logs. */
  onError?: (error: unknown) => void;
}

export interface Saving {
  /** True while a save runs: the buttons' `loading`, the dialogs' `confirmLoading`. */
  saving: boolean;
  /** Runs a save with `saving` set; a failure is shown (or confirmed, on 301), never thrown. */
  run: (save: () => Promise<unknown>, options?: SaveOptions) => Promise<void>;
}

export interface FormSaving<V> extends Saving {
  /** The form's values, or null when a field is invalid (the form shows why). */
  validated: () => Promise<V | null>;
  /** Validates, then runs the save with the values. */
  submit: (save: (values: V) => Promise<unknown>, options?: SaveOptions) => Promise<void>;
}

export function useFormSubmit(): Saving;
export function useFormSubmit<V>(form: FormInstance<V>): FormSaving<V>;
export function useFormSubmit<V>(form?: FormInstance<V>): FormSaving<V> {
  const [saving, setSaving] = useState(false);

  const validated = async (): Promise<V | null> => {
    try {
      // Only the overload with a form hands out `validated` and `submit`.
      return await form!.validateFields();
    } catch {
      return null;
    }
  };

  const run = async (save: () => Promise<unknown>, { success, confirm, onError = showApiError }: SaveOptions = {}) => {
    setSaving(true);
    try {
      await save();
      if (success) void message.success(success);
    } catch (error) {
      if (confirm && error instanceof ApiError && error.code === NEEDS_CONFIRMATION) confirm(error.message);
      else onError(error);
    } finally {
      setSaving(false);
    }
  };

  const submit = async (save: (values: V) => Promise<unknown>, options?: SaveOptions) => {
    const values = await validated();
    if (values !== null) await run(() => save(values), options);
  };

  return { saving, validated, run, submit };
}
