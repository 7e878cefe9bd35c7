import { lazy } from 'react';
import { act, render, screen, fireEvent } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pages } from '../app/pages.js';
import type { UserInfo } from '../api/types.js';
import { useSession } from '../stores/session.js';
import { useTags } from '../stores/tags.js';
import { ShellOutlet } from './ShellOutlet.js';

/** Renders of each note page's content, by its id. */
const renders = new Map<string, number>();

function NoteField({ id }: { id: string }) {
  renders.set(id, (renders.get(id) ?? 0) + 1);
  return <input aria-label={`note ${id}`} />;
}

function NotePage() {
  const { id } = useParams();
  useLocation();
  return (
    <label>
      {`note ${id ?? ''}`}
      <NoteField id={id ?? ''} />
    </label>
  );
}

function Nav() {
  const navigate = useNavigate();
  return (
    <div>
      {['/notes/1', '/notes/2', '/notes/3', '/secret', '/nowhere', '/redirect/notes/1', '/fresh/1'].map((p) => (
        <button key={p} type="button" onClick={() => navigate(p)}>
          {`go ${p}`}
        </button>
      ))}
      {['/notes/1?page=2', '/notes/1?page=3'].map((p) => (
        <button key={p} type="button" onClick={() => navigate(p, { replace: true })}>
          {`replace ${p}`}
        </button>
      ))}
    </div>
  );
}

const user: UserInfo = {
  id: 5,
  name: 'Clerk',
  roles: ['clerk'],
  asyncRouterMap: [
    {
      path: '/notes',
      component: 'Layout',
      children: [{ path: ':id', name: 'Note', component: 'testNote', meta: { title: 'note' } }],
    },
    { path: '/secret', name: 'Secret', component: 'testNote', meta: { title: 'secret', roles: ['admin'] } },
    { path: '/fresh/:id', name: 'Fresh', component: 'testNote', meta: { title: 'fresh', noCache: true } },
  ],
};

function renderShell(initial: string) {
  return render(
    <App>
      <MemoryRouter initialEntries={[initial]}>
        <Nav />
        <Routes>
          <Route path="/401" element={<p>forbidden page</p>} />
          <Route path="/404" element={<p>missing page</p>} />
          <Route path="/*" element={<ShellOutlet />} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

beforeEach(() => {
  pages.testNote = lazy(async () => ({ default: NotePage }));
  useSession.getState().setUser(user);
  useTags.getState().reset();
  renders.clear();
});
afterEach(() => {
  delete pages.testNote;
});

describe('shell outlet', () => {
  it('sends a user without the route roles to /401 and unknown paths to /404', async () => {
    renderShell('/secret');
    expect(await screen.findByText('forbidden page')).toBeInTheDocument();
    renderShell('/nowhere');
    expect(await screen.findByText('missing page')).toBeInTheDocument();
  });

  it('keeps a visited page alive with its typed text, one tab per page, the dashboard pinned in front', async () => {
    renderShell('/notes/1');
    const first = await screen.findByLabelText('note 1');
    fireEvent.change(first, { target: { value: 'half-filled' } });

    fireEvent.click(screen.getByText('go /notes/2'));
    expect(await screen.findByLabelText('note 2')).toBeVisible();
    expect(useTags.getState().visited.map((t) => t.fullPath)).toEqual(['/dashboard', '/notes/1', '/notes/2']);

    fireEvent.click(screen.getByText('go /notes/1'));
    const again = await screen.findByLabelText('note 1');
    expect(again).toBe(first);
    expect(again).toHaveValue('half-filled');
  });

  it('does not render a hidden page\'s content again while other tabs are switched', async () => {
    renderShell('/notes/1');
    await screen.findByLabelText('note 1');
    for (const id of ['2', '3']) {
      fireEvent.click(screen.getByText(`go /notes/${id}`));
      expect(await screen.findByLabelText(`note ${id}`)).toBeVisible();
    }
    await act(async () => {});
    const settled = renders.get('1');

    for (const id of ['2', '3', '2']) {
      fireEvent.click(screen.getByText(`go /notes/${id}`));
      await act(async () => {});
      expect(screen.getByLabelText(`note ${id}`)).toBeVisible();
    }
    expect(renders.get('1')).toBe(settled);
  });

  it('a replace to another query of the page renames its tab in place without remounting; a push there mounts it afresh in the same tab', async () => {
    renderShell('/notes/1');
    const first = await screen.findByLabelText('note 1');
    fireEvent.change(first, { target: { value: 'kept' } });

    fireEvent.click(screen.getByText('replace /notes/1?page=2'));
    fireEvent.click(screen.getByText('replace /notes/1?page=3'));
    expect(await screen.findByLabelText('note 1')).toBe(first);
    expect(first).toHaveValue('kept');
    expect(useTags.getState().visited.map((t) => t.fullPath)).toEqual(['/dashboard', '/notes/1?page=3']);
    expect(useTags.getState().cached).toEqual(['/notes/1?page=3']);

    fireEvent.click(screen.getByText('go /notes/1'));
    await act(async () => {});
    expect(useTags.getState().visited.map((t) => t.fullPath)).toEqual(['/dashboard', '/notes/1']);
    expect(useTags.getState().cached).toEqual(['/notes/1']);
    const fresh = screen.getAllByLabelText('note 1');
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).not.toBe(first);
    expect(fresh[0]).toHaveValue('');
  });

  it('refresh remounts the page', async () => {
    renderShell('/notes/1');
    fireEvent.change(await screen.findByLabelText('note 1'), { target: { value: 'typed' } });
    await act(async () => {
      fireEvent.click(screen.getByText('go /redirect/notes/1'));
    });
    const fresh = await screen.findByLabelText('note 1');
    expect(fresh).toHaveValue('');
  });

  it('does not keep noCache pages alive', async () => {
    renderShell('/fresh/1');
    fireEvent.change(await screen.findByLabelText('note 1'), { target: { value: 'not kept' } });
    fireEvent.click(screen.getByText('go /notes/2'));
    expect(await screen.findByLabelText('note 2')).toBeVisible();
    expect(screen.queryByLabelText('note 1')).toBeNull();
    fireEvent.click(screen.getByText('go /fresh/1'));
    expect(await screen.findByLabelText('note 1')).toHaveValue('');
    expect(useTags.getState().cached).not.toContain('/fresh/1');
  });
});
