import { CrudDialog } from '@vot/shared/lists';
import {
  infectionChecklistSchema,
  type InfectionChecklistInput,
  type InfectionChecklistRecord,
} from '@vot/shared/schemas';
import { CHECKLIST_DIALOG_WIDTH, checklistFields, checklistValues } from './checklist.screen';

/** Nothing to save: the dialog is read-only and shows no submit button. */
const nothingToSave = async () => undefined;

/** A recorded checklist read back in the form it was made in, every field read-only. */
export function ChecklistDetail({ checklist, onHide }: { checklist: InfectionChecklistRecord; onHide: () => void }) {
  return (
    <CrudDialog<InfectionChecklistInput>
      header="Infection Control Check List Detail"
      visible
      onHide={onHide}
      fields={checklistFields}
      schema={infectionChecklistSchema}
      initialValues={checklistValues(checklist)}
      onSubmit={nothingToSave}
      readOnly
      width={CHECKLIST_DIALOG_WIDTH}
    />
  );
}
