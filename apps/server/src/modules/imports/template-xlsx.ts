/**
 * The data-import template (docs/import.md): one sheet per kind of record with the zh-TW headers
 * on row 1 and the English ones on row 2 (the parser reads data from row 3 and matches columns by
 * either header), and a read-me sheet listing every column's meaning, whether it is required, its
 * type and format and its allowed values — all from `IMPORT_COLUMNS`, so the template cannot
 * drift from what the validation expects.
 */
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_SHEETS, importColumnLabel, importSheetLabel, type ImportColumn, type ImportSheetKey, type Language } from '@harbour/contracts';
import { translate } from '../../http/i18n.js';

/** Rows 1 and 2 are headers; the first data row is 3 (the row numbers problems are reported on). */
export const IMPORT_FIRST_DATA_ROW = 3;

const typeText = (lang: Language, sheet: ImportSheetKey, c: ImportColumn): string =>
  c.refers
    ? translate(lang, 'tools.import.types.reference', {
        sheet: translate(lang, importSheetLabel(c.refers.sheet)),
        column: translate(lang, importColumnLabel(c.refers.sheet, c.refers.column)),
      })
    : translate(lang, `tools.import.types.${c.type}`);

export async function importTemplateWorkbook(lang: Language): Promise<Buffer> {
  const t = (code: string) => translate(lang, code);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Harbour';

  const readMe = wb.addWorksheet(t('tools.import.sheets.readMe'));
  readMe.columns = [{ width: 18 }, { width: 26 }, { width: 10 }, { width: 60 }, { width: 50 }];
  readMe.addRow([t('tools.import.readMe.intro')]);
  readMe.addRow([]);
  readMe.addRow(['sheet', 'column', 'required', 'type', 'allowed'].map((k) => t(`tools.import.readMe.${k}`))).font = { bold: true };

  for (const sheet of IMPORT_SHEETS) {
    const columns = IMPORT_COLUMNS[sheet];
    // Sheet names are in the caller's language; the parser also knows the other language's names.
    const ws = wb.addWorksheet(t(importSheetLabel(sheet)));
    ws.columns = columns.map(() => ({ width: 20 }));
    ws.addRow(columns.map((c) => translate('zh-TW', importColumnLabel(sheet, c.key)))).font = { bold: true };
    ws.addRow(columns.map((c) => translate('en', importColumnLabel(sheet, c.key)))).font = { italic: true };
    ws.views = [{ state: 'frozen', ySplit: IMPORT_FIRST_DATA_ROW - 1 }];
    for (const c of columns) {
      readMe.addRow([
        t(importSheetLabel(sheet)),
        t(importColumnLabel(sheet, c.key)),
        t(c.required ? 'tools.import.readMe.yes' : 'tools.import.readMe.no'),
        typeText(lang, sheet, c),
        (c.choices ?? []).join(', '),
      ]);
    }
  }
  readMe.getColumn(4).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
