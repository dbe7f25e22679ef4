// The sign-out button. Pending offline changes would be lost with the local data, so it asks first
// when there are any.
import { useNavigate } from '@remix-run/react';
import { useState } from 'react';
import { useSyncStatus } from '~/data/sync-status';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';
import { ACTION_ICONS, Icon } from '~/ui/icons';
import { Modal } from '~/ui/Modal';
import { signOut } from './session';

/** Signs out, after a warning when changes made offline have not reached the server yet. */
export function SignOutButton({
  className = '',
  appearance = 'button',
}: {
  className?: string;
  /** `header` on the dashboard's header bar; `button` (a secondary button) anywhere else. */
  appearance?: 'button' | 'header';
}) {
  const skin = useSettings((s) => s.skin);
  const { pendingChanges } = useSyncStatus();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch {
      // signOut has shown 'Failed to sign out'.
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const ask = () => (pendingChanges > 0 ? setConfirming(true) : void run());

  return (
    <>
      {appearance === 'header' ? (
        <button
          type="button"
          className={`${skin.headerButton} ${skin.rounded} ${className}`}
          disabled={busy}
          onClick={ask}
        >
          <Icon icon={ACTION_ICONS.signOut} className="size-5" />
          {busy ? 'Signing out…' : 'Sign out'}
        </button>
      ) : (
        <Button
          variant="secondary"
          icon={ACTION_ICONS.signOut}
          className={className}
          busy={busy}
          busyLabel="Signing out…"
          onClick={ask}
        >
          Sign out
        </Button>
      )}
      <Modal
        open={confirming}
        title="Sign out with unsynced changes?"
        onClose={() => setConfirming(false)}
        actions={[
          { label: 'Stay signed in', variant: 'secondary', onClick: () => setConfirming(false) },
          { label: 'Sign out and discard', variant: 'danger', busy, onClick: () => void run() },
        ]}
      >
        <p>
          {pendingChanges === 1 ? '1 change has' : `${pendingChanges} changes have`} not reached the
          server yet. Signing out removes them from this device. Go online and wait for the sync to
          finish to keep them.
        </p>
      </Modal>
    </>
  );
}
