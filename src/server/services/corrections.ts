// The corrections as admins see and edit them (GET/PUT admin/corrections): the stored cases, and
// an admin's case saved and applied at once through the write path (store/corrections.ts).
import type { Db } from '../db/client.ts';
import type { CorrectionCase } from '../corrections/cases.ts';
import { applyCorrections, loadCorrections, upsertCorrections, type CorrectionsReport, type StoredCorrection } from '../store/corrections.ts';
import type { PublishTags } from '../store/write-transaction.ts';

export class CorrectionService {
  constructor(
    private readonly db: Db,
    private readonly publish: PublishTags,
  ) {}

  list(): Promise<StoredCorrection[]> {
    return loadCorrections(this.db);
  }

  /** Adds or replaces the case with this key (it becomes the admin's), then applies every case. */
  async save(entry: CorrectionCase, userId: string): Promise<CorrectionsReport> {
    await upsertCorrections(this.db, [entry], 'admin', userId);
    return applyCorrections(this.db, this.publish);
  }
}
