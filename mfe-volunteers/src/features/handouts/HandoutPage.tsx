import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { ApiError } from '@vot/shared/api';
import { successMessage, type HandoutKind } from '@vot/shared/domain';
import { notify } from '@vot/shared/session';
import { LoadError } from '@vot/shared/lists';
import { BackButton, FullScreenSpinner, useCan } from '@vot/shared/ui';
import { handoutsApi, type UploadControl } from './handout.api';
import { HANDOUT_TITLES, fileSize, updatedAt } from './handoutFile';
import { HandoutUploadDialog } from './HandoutUploadDialog';
import type { Handout } from '@vot/shared/schemas';

/** The file link is signed for an hour: a page left open fetches a fresh one before it lapses. */
const LINK_REFRESH_MS = 50 * 60 * 1000;

interface State {
  handout: Handout | null;
  loading: boolean;
  error: string | null;
}

/**
 * SPEC.md §2 Volunteer Handout and Patient Handout: the one PDF as a link that opens in a new tab,
 * New while there is none, Update to replace it.
 */
export function HandoutPage({ kind }: { kind: HandoutKind }) {
  const title = HANDOUT_TITLES[kind];
  const canCreate = useCan('handouts', 'create');
  const canUpdate = useCan('handouts', 'update');
  const [state, setState] = useState<State>({ handout: null, loading: true, error: null });
  const [tick, setTick] = useState(0);
  const [dialog, setDialog] = useState<'create' | 'update' | null>(null);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    handoutsApi.list(kind, controller.signal).then(
      (res) => setState({ handout: res.data[0] ?? null, loading: false, error: null }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, error: e instanceof ApiError ? e.message : String(e) }));
      },
    );
    const refresh = setTimeout(reload, LINK_REFRESH_MS);
    return () => {
      controller.abort();
      clearTimeout(refresh);
    };
  }, [kind, tick, reload]);

  const { handout, loading, error } = state;
  const known = !loading && !error;

  async function upload(file: File, control: UploadControl) {
    const action = dialog === 'update' && handout ? 'updated' : 'created';
    try {
      if (action === 'updated') await handoutsApi.update(kind, handout!.id, file, control);
      else await handoutsApi.create(kind, file, control);
    } catch (e) {
      // 409: someone else uploaded one meanwhile; show it, so Update is offered instead of New.
      if (e instanceof ApiError && e.status === 409) reload();
      throw e;
    }
    notify('success', successMessage(title, action));
    setDialog(null);
    reload();
  }

  return (
    <section className="vot-list-page" aria-labelledby="handout-title">
      <header className="vot-list-header">
        <BackButton />
        <h2 id="handout-title">{title}</h2>
        <div className="vot-list-toolbar">
          {known && !handout && canCreate && (
            <Button type="button" label="New" icon="pi pi-plus" onClick={() => setDialog('create')} />
          )}
          {handout && canUpdate && (
            <Button type="button" label="Update" icon="pi pi-upload" onClick={() => setDialog('update')} />
          )}
        </div>
      </header>
      {loading && !handout && !error && <FullScreenSpinner />}
      {error && <LoadError message={error} onRetry={reload} />}
      {handout ? (
        <p>
          <i className="pi pi-file-pdf" aria-hidden="true" style={{ color: 'var(--vot-red)', marginRight: 8 }} />
          <a href={handout.file} target="_blank" rel="noopener noreferrer">
            {handout.name}
          </a>{' '}
          <span className="vot-muted">
            ({fileSize(handout.size)}, updated {updatedAt(handout.updated_at)})
          </span>
        </p>
      ) : (
        known && <p className="vot-muted">No handout yet.</p>
      )}
      <HandoutUploadDialog
        header={`${dialog === 'update' ? 'Update' : 'Create'} ${title}`}
        visible={dialog !== null}
        onHide={() => setDialog(null)}
        onUpload={upload}
      />
    </section>
  );
}
