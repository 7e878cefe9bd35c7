/**
 * The navbar's global search (issue 12 item 5): a loan or application number, a name, or a whole
 * ID number or phone finds loans (the caller's stores) and customers through `GET /search`,
 * grouped Loans / Customers, numbers masked as the server answers them. Typing waits 300 ms
 * before asking (Enter asks at once, and opens the first hit when it comes); "/" or Ctrl+K (⌘K) focuses the box; Enter opens the first hit. On a phone the
 * box is an icon that opens a full-width input over the top bar.
 */
import { useEffect, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AutoComplete, Button, Flex, Input, Spin, Tag, Typography, type GetRef } from 'antd';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN_LENGTH, SEARCH_PERMISSIONS, type CustomerHit, type LoanHit, type SearchResult } from '@harbour/contracts';
import { call } from '../api/index.js';
import { endpoints } from '../api/endpoints.js';
import { usePermission } from '../components/Permission.js';
import { useDebounced } from '../components/use-debounced.js';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export const searchApi = {
  /** Silent: the dropdown shows a failure itself. */
  find: (q: string, signal?: AbortSignal) => call(endpoints.search, { query: { q }, signal, silent: true }),
};

/** The key typed is text for a field (so "/" is a character there, not the shortcut). */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** "/" outside a field, or Ctrl+K / ⌘K anywhere, calls `onShortcut`. */
function useSearchShortcut(onShortcut: () => void) {
  const latest = useRef(onShortcut);
  useEffect(() => {
    latest.current = onShortcut;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k';
      if (ctrlK || (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target))) {
        e.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

const joined = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

function HitLabel({ title, tag, detail }: { title: string; tag?: ReactNode; detail: string }) {
  return (
    <Flex vertical style={{ minWidth: 0, lineHeight: 1.4, paddingBlock: 2 }}>
      <Flex align="center" justify="space-between" gap={8}>
        <Typography.Text strong ellipsis>
          {title}
        </Typography.Text>
        {tag}
      </Flex>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
        {detail}
      </Typography.Text>
    </Flex>
  );
}

interface Option {
  value: string;
  label: ReactNode;
  disabled?: boolean;
  path?: string;
}

/**
 * The hits as one flat list, each group led by a disabled heading row: antd's option groups put a
 * `presentation` row with `aria-selected` into the listbox, which axe refuses (aria-allowed-attr).
 */
function useOptions(result: SearchResult | undefined): Option[] {
  const { t } = useTranslation('shell');
  return useMemo(() => {
    if (!result) return [];
    const loanOption = (l: LoanHit): Option => ({
      value: `loan:${l.id}`,
      path: l.path ?? undefined,
      disabled: l.path === null,
      label: (
        <HitLabel
          title={l.loanNo ?? l.applyNo}
          tag={<Tag style={{ marginInlineEnd: 0 }}>{t(`enums:loanStatus.${l.status}`)}</Tag>}
          detail={joined([l.customer.name, l.customer.idNumber, l.storeName, l.loanNo ? l.applyNo : null])}
        />
      ),
    });
    // the top repaying loan's counter, right under it, for a caller who takes receipts: phone → receipt in two steps
    const counterOption = (l: LoanHit): Option[] =>
      l.counterPath
        ? [
            {
              value: `counter:${l.id}`,
              path: l.counterPath,
              label: <HitLabel title={joined([t('menu.repayment.process'), l.loanNo])} detail={joined([l.customer.name, l.customer.mobile1])} />,
            },
          ]
        : [];
    const customerOption = (c: CustomerHit): Option => ({
      value: `customer:${c.id}`,
      path: c.path ?? undefined,
      disabled: c.path === null,
      label: (
        <HitLabel
          title={joined([c.name, c.englishName])}
          tag={c.listStatus === 'black' ? <Tag color="red" style={{ marginInlineEnd: 0 }}>{t('enums:listStatus.black')}</Tag> : undefined}
          detail={joined([c.customerCode, c.idNumber, c.mobile1, c.registeredStoreName])}
        />
      ),
    });
    const note = (key: string, text: string, heading = false): Option => ({
      value: `${heading ? 'group' : 'more'}:${key}`,
      disabled: true,
      label: heading ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{text}</Typography.Text> : <Typography.Text type="secondary" style={{ fontSize: 12, fontStyle: 'italic' }}>{text}</Typography.Text>,
    });
    const groups: Option[] = [];
    if (result.loans.length > 0) {
      // the counter under the first repaying loan only: one per loan would push the customers out of sight
      const counterFor = result.loans.find((l) => l.counterPath);
      groups.push(note('loans', t('search.loans'), true), ...result.loans.flatMap((l) => [loanOption(l), ...(l === counterFor ? counterOption(l) : [])]));
      if (result.moreLoans) groups.push(note('loans', t('search.moreLoans')));
    }
    if (result.customers.length > 0) {
      groups.push(note('customers', t('search.customers'), true), ...result.customers.map(customerOption));
      if (result.moreCustomers) groups.push(note('customers', t('search.moreCustomers')));
    }
    return groups;
  }, [result, t]);
}

function SearchBox({ autoFocus, width, onDone, focusRef }: { autoFocus?: boolean; width: number | string; onDone?: () => void; focusRef?: MutableRefObject<() => void> }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const box = useRef<GetRef<typeof AutoComplete>>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const typed = text.trim();
  const debounced = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  // Enter before the pause (a pasted number and Enter at once): ask now, and open the first hit
  // as soon as it is there.
  const [asked, setAsked] = useState<string>();
  const q = asked === typed ? asked : debounced;
  const ready = q.length >= SEARCH_MIN_LENGTH;
  const found = useQuery({ queryKey: ['globalSearch', q], queryFn: ({ signal }) => searchApi.find(q, signal), enabled: ready, staleTime: 10_000, retry: false });
  const groups = useOptions(ready ? found.data : undefined);
  const waiting = typed !== q || (ready && found.isFetching);

  useEffect(() => {
    if (focusRef) focusRef.current = () => box.current?.focus();
  }, [focusRef]);

  const status = (): ReactNode => {
    if (text.trim().length < SEARCH_MIN_LENGTH) return t('search.hint');
    if (waiting || found.isPending)
      return (
        <Flex gap={8} align="center">
          <Spin size="small" />
          {t('search.loading')}
        </Flex>
      );
    if (found.isError) return <Typography.Text type="danger">{t('search.failed')}</Typography.Text>;
    return t('search.none');
  };

  const go = (path: string) => {
    setText('');
    setAsked(undefined);
    setOpen(false);
    box.current?.blur();
    navigate(path);
    onDone?.();
  };
  const choose = (value: string) => {
    const hit = groups.find((o) => o.value === value);
    if (hit?.path) go(hit.path);
  };

  // Enter while the answer is not there yet: ask now (the same query the list shows), then open
  // its first hit — loans first, as the list orders them.
  const askNow = (text: string) => {
    setAsked(text);
    void qc
      .fetchQuery({ queryKey: ['globalSearch', text], queryFn: ({ signal }) => searchApi.find(text, signal), staleTime: 10_000, retry: false })
      .then((r) => {
        const path = [...r.loans, ...r.customers].find((h) => h.path)?.path;
        if (path) go(path);
      })
      .catch(() => undefined);
  };

  return (
    <AutoComplete
      ref={box}
      value={text}
      options={waiting ? [] : groups}
      onSearch={setText}
      onSelect={choose}
      filterOption={false}
      defaultActiveFirstOption
      open={open}
      onOpenChange={setOpen}
      notFoundContent={<div style={{ padding: '4px 0', whiteSpace: 'normal' }}>{status()}</div>}
      popupMatchSelectWidth={typeof width === 'number' ? Math.max(width, 360) : true}
      // room for the loans, the top one's counter option and the customers below them
      listHeight={400}
      style={{ width }}
      autoFocus={autoFocus}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && waiting && typed.length >= SEARCH_MIN_LENGTH) {
          e.preventDefault();
          askNow(typed);
          return;
        }
        if (e.key === 'Escape') {
          setOpen(false);
          onDone?.();
        }
      }}
    >
      <Input
        allowClear
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        prefix={waiting && ready ? <Spin size="small" /> : <SearchOutlined aria-hidden />}
        onFocus={() => setOpen(true)}
      />
    </AutoComplete>
  );
}

/** The search box of the navbar (nothing for staff holding neither the loan list nor the Persona list). */
export function GlobalSearch({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation('shell');
  const allowed = usePermission(SEARCH_PERMISSIONS);
  const [expanded, setExpanded] = useState(false);
  const focus = useRef<() => void>(() => {});
  useSearchShortcut(() => (mobile ? setExpanded(true) : focus.current()));
  if (!allowed) return null;
  if (!mobile) return <SearchBox width={260} focusRef={focus} />;
  return (
    <>
      <Button type="text" icon={<SearchOutlined />} aria-label={t('search.open')} onClick={() => setExpanded(true)} />
      {expanded && (
        <Flex
          align="center"
          gap={4}
          style={{ position: 'fixed', insetInline: 0, top: 0, height: 50, padding: '0 8px', zIndex: 1000, background: 'var(--harbour-header-bg)', borderBottom: '1px solid var(--harbour-border)' }}
        >
          <div style={{ flex: 1, minWidth: 0 }}>
            <SearchBox autoFocus width="100%" onDone={() => setExpanded(false)} />
          </div>
          <Button type="text" icon={<CloseOutlined />} aria-label={t('search.close')} onClick={() => setExpanded(false)} />
        </Flex>
      )}
    </>
  );
}
