import { describe, expect, it } from 'vitest';
import { staffItemToForm } from './staff-form';

const item = {
  id: 7,
  username: 'amy',
  mobile: '91234567',
  hkid: 'A123456(3)',
  masked: false,
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

  it('never prefills a masked number, which would be saved back as the mask', () => {
    const v = staffItemToForm({ ...item, masked: true, mobile: '****4567', hkid: '******(3)' });
    expect(v.mobile).toBeNull();
    expect(v.hkid).toBeNull();
  });
});
