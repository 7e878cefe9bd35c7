import type { z } from 'zod';
import { blacklistCreateSchema, type BlacklistCreate } from './blacklist.js';
import { referralAgentCreateSchema } from './counterparties.js';
import type { ImportSheetKey } from './imports.js';
import { typedImportRow } from './import-loans.js';
import { type ImportProblem, type ImportSheetChecker, type ImportSheetRows, checkAll } from './import-rows.js';

/**
 * The referral agents, blacklist and partakers sheets of an import workbook (docs/import.md): the
 * cells by their template types, then each agent and blacklist row through the API's own create
 * contract (so a row the import accepts is one the form would accept), and rows that appear twice
 * in the file. What needs Harbour's data (names and numbers it holds, the loans and customers a
 * partaker names) is checked by the server's plan on the rows accepted here.
 */

type ReferralAgentCreate = z.output<typeof referralAgentCreateSchema>;

/**
 * One row's cells (types and required cells named by `typedImportRow`), then the contract: each of
 * its issues on its column (`columnOf` maps a contract field to the sheet's column), one problem a
 * column. Answers the contract's output, or null when the row has any problem.
 */
function throughContract<S extends z.ZodType>(
  sheet: ImportSheetKey,
  row: number,
  cells: Record<string, unknown>,
  problems: ImportProblem[],
  schema: S,
  input: (fields: Record<string, string>) => Record<string, unknown>,
  columnOf: (field: string) => string = (f) => f,
): z.output<S> | null {
  const before = problems.length;
  const fields = typedImportRow(sheet, row, cells, problems);
  const parsed = schema.safeParse(input(fields));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = typeof issue.path[0] === 'string' ? columnOf(issue.path[0]) : null;
      if (!problems.slice(before).some((p) => p.column === column)) problems.push({ sheet, row, column, message: issue.message });
    }
  }
  return problems.length > before || !parsed.success ? null : parsed.data;
}

/** A referral agent of the file, keyed by its English name (the name a loan row gives). */
export interface ImportAgentRow {
  row: number;
  agent: ReferralAgentCreate;
}

/**
 * The referral agents sheet: every row through `referralAgentCreateSchema` (names required, the
 * business registration of 8 digits, the commission's basis and amount — a percentage at most 100),
 * then an English name seen on an earlier row (`duplicateInFile`, naming that row).
 */
export function agentRowChecker(): ImportSheetChecker<Map<string, ImportAgentRow>> {
  const problems: ImportProblem[] = [];
  const valid = new Map<string, ImportAgentRow>();
  return {
    valid,
    problems,
    add(row, cells) {
      const agent = throughContract('referralAgents', row, cells, problems, referralAgentCreateSchema, (f) => ({
        nameZh: f.nameZh ?? '',
        nameEn: f.nameEn ?? '',
        phone: f.phone,
        brNo: f.brNo,
        licenceNo: f.licenceNo,
        commissionKind: f.commissionKind ?? '',
        commission: f.commission ?? '',
      }));
      if (!agent) return;
      const same = valid.get(agent.nameEn);
      if (same) {
        problems.push({ sheet: 'referralAgents', row, column: 'nameEn', message: 'tools.import.problems.duplicateInFile', params: { row: same.row } });
        return;
      }
      valid.set(agent.nameEn, { row, agent });
    },
  };
}

/** The whole sheet at once (`agentRowChecker` row by row). */
export const checkAgentRows = (input: ImportSheetRows): { valid: Map<string, ImportAgentRow>; problems: ImportProblem[] } => checkAll(agentRowChecker(), input);

/** A blacklist row of the file: the create contract's output (numbers normalised). */
export interface ImportBlacklistRow {
  row: number;
  entry: BlacklistCreate;
}

/**
 * The blacklist sheet: every row through `blacklistCreateSchema` (the name, an ID number or a phone;
 * the ID number normalised — `A123456(3)` and `A1234563` are one number — and the phone too, +852
 * and spaces allowed) with the sheet's `reason` as the entry's remarks and required; then an ID
 * number or phone seen on an earlier row (`duplicateInFile`, naming that row).
 */
export function blacklistRowChecker(): ImportSheetChecker<ImportBlacklistRow[]> {
  const problems: ImportProblem[] = [];
  const valid: ImportBlacklistRow[] = [];
  const byId = new Map<string, number>();
  const byPhone = new Map<string, number>();
  return {
    valid,
    problems,
    add(row, cells) {
      const entry = throughContract(
        'blacklist',
        row,
        cells,
        problems,
        blacklistCreateSchema,
        (f) => ({ name: f.name ?? '', idNumber: f.idNumber ?? null, phone: f.phone ?? null, remarks: f.reason }),
        (field) => (field === 'remarks' ? 'reason' : field),
      );
      if (!entry) return;
      const sameId = entry.idNumber ? byId.get(entry.idNumber) : undefined;
      const samePhone = entry.phone ? byPhone.get(entry.phone) : undefined;
      if (sameId !== undefined || samePhone !== undefined) {
        const [column, earlier] = sameId !== undefined ? ['idNumber', sameId] : ['phone', samePhone!];
        problems.push({ sheet: 'blacklist', row, column, message: 'tools.import.problems.duplicateInFile', params: { row: earlier } });
        return;
      }
      if (entry.idNumber) byId.set(entry.idNumber, row);
      if (entry.phone) byPhone.set(entry.phone, row);
      valid.push({ row, entry });
    },
  };
}

/** The whole sheet at once (`blacklistRowChecker` row by row). */
export const checkBlacklistRows = (input: ImportSheetRows): { valid: ImportBlacklistRow[]; problems: ImportProblem[] } => checkAll(blacklistRowChecker(), input);

/** A partaker row of the file: the loan and customer it names, by the file's numbers. */
export interface ImportPartakerRow {
  row: number;
  loanNo: string;
  customerCode: string;
  role: 'guarantor' | 'joint' | 'consultant';
}

/**
 * The partakers sheet, cell by cell (the role one of `IMPORT_PARTAKER_ROLES`), then a loan and
 * customer seen together on an earlier row: in the same role `duplicateInFile` (naming that row),
 * in another `loans.validation.partakerTwice` — a loan takes a customer once, as the application
 * form allows.
 */
export function partakerRowChecker(): ImportSheetChecker<ImportPartakerRow[]> {
  const problems: ImportProblem[] = [];
  const valid: ImportPartakerRow[] = [];
  const seen = new Map<string, ImportPartakerRow>();
  return {
    valid,
    problems,
    add(row, cells) {
      const before = problems.length;
      const f = typedImportRow('partakers', row, cells, problems);
      if (problems.length > before) return;
      const p: ImportPartakerRow = { row, loanNo: f.loanNo!, customerCode: f.customerCode!, role: f.role as ImportPartakerRow['role'] };
      const key = JSON.stringify([p.loanNo, p.customerCode]);
      const same = seen.get(key);
      if (same) {
        if (same.role === p.role) problems.push({ sheet: 'partakers', row, column: 'customerCode', message: 'tools.import.problems.duplicateInFile', params: { row: same.row } });
        else problems.push({ sheet: 'partakers', row, column: 'customerCode', message: 'loans.validation.partakerTwice' });
        return;
      }
      seen.set(key, p);
      valid.push(p);
    },
  };
}

/** The whole sheet at once (`partakerRowChecker` row by row). */
export const checkPartakerRows = (input: ImportSheetRows): { valid: ImportPartakerRow[]; problems: ImportProblem[] } => checkAll(partakerRowChecker(), input);
