/** The map dialog's district search (`Area/search`, at most 20 hits); the type is the generated schema's. */
import { get } from '@/api/client';
import type { components } from '@/api/schema';

export type AreaHit = components['schemas']['AreaHit'];

export const searchAreas = (name: string) => get('/builder/common/v1/Area/search', { name });
