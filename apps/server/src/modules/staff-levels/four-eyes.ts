import { staffLevelResource, type FourEyesKind, type StaffLevelItem, type StaffLevelUpdate } from '@harbour/contracts';
import type { ServiceContext } from '../../platform/context.js';
import { controlledAction } from '../../platform/four-eyes.js';
import { staffLevelService } from './service.js';

/** What an approver may approve: the limit and whether the level applies at all (a disabled level approves nothing). */
const LIMIT_FIELDS = ['maxApprovedAmount', 'unlimited', 'state'] as const satisfies readonly (keyof StaffLevelItem)[];

interface LevelEdit {
  id: number;
  body: StaffLevelUpdate;
}

const limitsOf = (v: Pick<StaffLevelItem, (typeof LIMIT_FIELDS)[number]>) => Object.fromEntries(LIMIT_FIELDS.map((k) => [k, v[k]]));

/** An edit that changes a level's limit or state is `staffLevels.limits`; a rename or new remarks saves at once. */
export async function staffLevelEditKind(ctx: ServiceContext, id: number, body: StaffLevelUpdate): Promise<FourEyesKind | null> {
  const current = await staffLevelService.get(ctx, id);
  return LIMIT_FIELDS.some((k) => current[k] !== body[k]) ? 'staffLevels.limits' : null;
}

/** Registers `staffLevels.limits`: approving runs the requested edit as the edit route does. */
export function registerStaffLevelsUnderFourEyes(): void {
  const updateIn = staffLevelService.updateIn!;
  controlledAction<LevelEdit>({
    kind: 'staffLevels.limits',
    permission: staffLevelResource.permissions.update as 'masterdata.staffLevel.update',
    perform: (tx, ctx, p) => updateIn(tx, ctx, p.id, p.body),
    subject: async (tx, ctx, p) => {
      // another level's id: 404 now, not at approval
      await staffLevelService.get(ctx, p.id);
      return { loanId: null, storeId: null, reference: `${p.body.nameZh} / ${p.body.nameEn}`.slice(0, 128) };
    },
    describe: async (_tx, ctx, p) => ({ before: limitsOf(await staffLevelService.get(ctx, p.id)), after: limitsOf(p.body) }),
    reason: (p) => p.body.reason ?? '',
    reasonRequired: true,
  });
}
