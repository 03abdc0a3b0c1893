import { useRef, useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { FileUpload, showSaveError } from '@vot/shared/lists';
import type { UploadControl } from './handout.api';
import { HANDOUT_HINT, handoutFileProblem } from './handoutFile';

interface Values {
  file: File | null;
}

interface Props {
  header: string;
  visible: boolean;
  onHide: () => void;
  /** Resolves once stored (the dialog is then closed by the page); rejects with the server's refusal. */
  onUpload: (file: File, control: UploadControl) => Promise<void>;
}

async function validate({ file }: Values) {
  const problem = await handoutFileProblem(file);
  return problem ? { file: problem } : {};
}

/**
 * Choose a PDF and upload it, with its progress on a slow link. Cancel (or Escape) during the
 * upload stops it, so a wrong file does not have to finish going up first.
 */
export function HandoutUploadDialog({ header, visible, onHide, onUpload }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);

  async function submit({ file }: Values, helpers: FormikHelpers<Values>) {
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    try {
      await onUpload(file!, { onProgress: setProgress, signal: controller.signal });
    } catch (e) {
      if (!controller.signal.aborted) showSaveError(e, helpers);
    } finally {
      running.current = null;
      setProgress(null);
    }
  }
  function cancel() {
    running.current?.abort();
    onHide();
  }

  return (
    <Dialog header={header} visible={visible} onHide={cancel} style={{ width: 'min(32rem, 95vw)' }} modal>
      {visible && (
        <Formik<Values> initialValues={{ file: null }} validate={validate} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label={header}>
              <FileUpload
                name="file"
                label="File"
                accept="application/pdf,.pdf"
                hint={HANDOUT_HINT}
                progress={progress}
                autoFocus
              />
              <div className="vot-dialog-actions">
                <Button type="button" label="Cancel" severity="secondary" outlined onClick={cancel} />
                <Button
                  type="submit"
                  label={isSubmitting ? 'Loading' : 'Upload'}
                  icon="pi pi-upload"
                  loading={isSubmitting}
                />
              </div>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
