import { act, cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../stores/session.js';
import { DateText } from './DateText.js';
import { Money } from './Money.js';
import { Permission } from './Permission.js';
import { Rate } from './Rate.js';

const user = (jurisdiction: string[], id = 2) => ({ id, name: 'Chan', roles: ['clerk'], jurisdiction });

describe('display components', () => {
  it('Money is right-aligned with separators and two decimals', () => {
    render(<Money value="1234567.5" />);
    const el = screen.getByText('1,234,567.50');
    expect(el).toHaveStyle({ textAlign: 'right' });
  });

  it('Money rounds half-up to the decimal places asked, shows nothing for no value and keeps text that is not an amount', () => {
    const { container, rerender } = render(<Money value="1234567.505" decimals={0} />);
    expect(container).toHaveTextContent('1,234,568');
    rerender(<Money value="-0.004" />);
    expect(container).toHaveTextContent(/^0\.00$/);
    rerender(<Money value={null} />);
    expect(container).toHaveTextContent(/^$/);
    rerender(<Money value="n/a" />);
    expect(container).toHaveTextContent('n/a');
  });

  it('DateText renders a <time> in YYYY-MM-DD', () => {
    render(<DateText value="2026-03-09" />);
    expect(screen.getByText('2026-03-09').tagName).toBe('TIME');
  });

  it('Rate shows percent', () => {
    render(<Rate value="2.5" />);
    expect(screen.getByText('2.50%')).toBeInTheDocument();
  });
});

describe('Permission', () => {
  const gate = (need: Parameters<typeof Permission>[0]['need'], fallback?: string) =>
    render(
      <Permission need={need} fallback={fallback}>
        <button type="button">Approve</button>
      </Permission>,
    );

  it('removes the element unless the staff holds the key, and follows the session', () => {
    act(() => useSession.getState().setUser(user(['stores.list'])));
    gate('stores.create');
    expect(screen.queryByRole('button')).toBeNull();
    act(() => useSession.getState().setUser(user(['stores.list', 'stores.create'])));
    expect(screen.getByRole('button')).toBeInTheDocument();
    act(() => useSession.getState().setUser(null));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('accepts any one of several keys, and shows a fallback instead when none is held', () => {
    act(() => useSession.getState().setUser(user(['role.update'])));
    gate(['role.create', 'role.update']);
    expect(screen.getByRole('button')).toBeInTheDocument();
    cleanup();
    gate(['role.create', 'role.delete'], 'read only');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('read only')).toBeInTheDocument();
  });

  it('lets the super admin (staff id 1) through every key, and needs nothing when no key is named', () => {
    act(() => useSession.getState().setUser(user([], 1)));
    gate('power.refresh');
    expect(screen.getByRole('button')).toBeInTheDocument();
    cleanup();
    act(() => useSession.getState().setUser(user([])));
    gate(undefined);
    expect(screen.getByRole('button')).toBeInTheDocument();
  });
});
