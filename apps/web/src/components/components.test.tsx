import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../stores/session.js';
import { DateText } from './DateText.js';
import { Money } from './Money.js';
import { Permission } from './Permission.js';
import { Rate } from './Rate.js';

const user = (roles: string[]) => ({ id: 2, name: 'Chan', roles });

describe('display components', () => {
  it('Money is right-aligned with separators and two decimals', () => {
    render(<Money value="1234567.5" />);
    const el = screen.getByText('1,234,567.50');
    expect(el).toHaveStyle({ textAlign: 'right' });
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
  it('removes the element unless a role matches, and shows it again when roles change', () => {
    act(() => useSession.getState().setUser(user(['clerk'])));
    render(
      <Permission roles={['manager', 'admin']}>
        <button type="button">Approve</button>
      </Permission>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    act(() => useSession.getState().setUser(user(['clerk', 'manager'])));
    expect(screen.getByRole('button')).toBeInTheDocument();
    act(() => useSession.getState().setUser(null));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
