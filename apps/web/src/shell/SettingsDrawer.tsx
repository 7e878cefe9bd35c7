/** Page style settings (spec §2, §9): theme colour presets, tags view, fixed header, sidebar logo. */
import { Drawer, Flex, Switch, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { THEME_COLORS, useSettings } from '../stores/settings.js';

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const s = useSettings();

  const row = (id: string, label: string, checked: boolean, onChange: (v: boolean) => void) => (
    <Flex justify="space-between" align="center" style={{ padding: '10px 0' }}>
      <label htmlFor={id}>{label}</label>
      <Switch id={id} checked={checked} onChange={onChange} />
    </Flex>
  );

  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={300} placement="right">
      <Typography.Text strong id="theme-colour-label">
        {t('settings.themeColor')}
      </Typography.Text>
      <div role="radiogroup" aria-labelledby="theme-colour-label" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: '10px 0 16px' }}>
        {THEME_COLORS.map((c) => {
          const active = s.themeColor.toLowerCase() === c.toLowerCase();
          return (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={active}
              aria-label={t('settings.colorOption', { color: c })}
              onClick={() => s.set({ themeColor: c })}
              style={{
                width: 28,
                height: 28,
                borderRadius: 4,
                border: active ? '2px solid #000' : '1px solid #d9d9d9',
                background: c,
                color: '#fff',
                cursor: 'pointer',
                display: 'grid',
                placeItems: 'center',
                padding: 0,
              }}
            >
              {active && <CheckOutlined />}
            </button>
          );
        })}
      </div>
      {row('setting-tags-view', t('settings.tagsView'), s.tagsView, (v) => s.set({ tagsView: v }))}
      {row('setting-fixed-header', t('settings.fixedHeader'), s.fixedHeader, (v) => s.set({ fixedHeader: v }))}
      {row('setting-sidebar-logo', t('settings.sidebarLogo'), s.sidebarLogo, (v) => s.set({ sidebarLogo: v }))}
    </Drawer>
  );
}
