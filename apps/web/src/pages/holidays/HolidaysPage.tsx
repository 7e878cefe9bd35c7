import { useState } from 'react';
import { Button } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HOLIDAY_PERMISSIONS, holidayResource } from '@harbour/contracts';
import { Permission } from '../../components/Permission.js';
import { ResourceListPage } from '../../generic/ResourceListPage';
import { ImportHolidaysDialog } from './ImportHolidaysDialog';

/** Master data → holiday: the generic list and form of the declaration, plus the import. */
export default function HolidaysPage() {
  const { t } = useTranslation('holidays');
  const [importing, setImporting] = useState(false);
  return (
    <>
      <ResourceListPage
        decl={holidayResource}
        toolbar={
          <Permission need={HOLIDAY_PERMISSIONS.import}>
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              {t('import.button')}
            </Button>
          </Permission>
        }
      />
      <ImportHolidaysDialog open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
