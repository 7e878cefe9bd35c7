import { describe, expect, it } from 'vitest';
import { toPayload } from '../../generic/form-values';
import { staffResource } from '@harbour/contracts';
import { staffItemToForm } from './staff-form';

const item = {
  id: 7,
  username: 'amy',
  mobile: '91234567',
  hkid: 'A123456(3)',
  masked: true,
  canReveal: true,
  stores: [
    { id: 1, name: '旺角店' },
    { id: 3, name: '荃灣店' },
  ],
  roles: [{ id: 2, name: 'clerk' }],
};

describe('staff item → edit form', () => {
  it('edits stores and roles as id lists', () => {
    const v = staffItemToForm(item);
    expect(v.storeIds).toEqual([1, 3]);
    expect(v.roleIds).toEqual([2]);
    expect(v.mobile).toBe('91234567');
  });

  it('prefills the masked numbers, which the payload leaves out while unchanged (the server keeps them)', () => {
    const masked = { ...item, mobile: '****4567', hkid: '****4563' };
    const v = staffItemToForm(masked);
    expect(v.mobile).toBe('****4567');
    expect(v.hkid).toBe('****4563');
    const unchanged = toPayload(staffResource.fields, { ...v, name: 'Amy' }, 'edit');
    expect(unchanged).not.toHaveProperty('mobile');
    expect(unchanged).not.toHaveProperty('hkid');
    const typed = toPayload(staffResource.fields, { ...v, name: 'Amy', mobile: '9876 5432' }, 'edit');
    expect(typed.mobile).toBe('9876 5432');
    expect(typed).not.toHaveProperty('hkid');
  });
});
