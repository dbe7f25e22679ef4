// A new member's first password (demo mode: the fake's invite returns one; a real project e-mails an
// invitation instead). It is shown once, where the invitation was made, with a copy button whose
// result is said in its own label.
import { useId, useState } from 'react';
import { useSettings } from '~/settings/store';
import { Button } from '~/ui/Button';

export function TemporaryPassword({ password }: { password: string }) {
  const skin = useSettings((s) => s.skin);
  const [copied, setCopied] = useState(false);
  const passwordId = useId();
  const copyPassword = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="mt-3 grid gap-2">
      <p>
        Their first password is shown only now. Give it to them in person; they can change it on
        their profile page.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={passwordId} className="font-medium">
          Temporary password
        </label>
        <input
          id={passwordId}
          readOnly
          value={password}
          className={`${skin.input} ${skin.rounded} max-w-xs font-mono`}
        />
        <Button variant="secondary" onClick={() => void copyPassword()}>
          {copied ? 'Copied' : 'Copy password'}
        </Button>
      </div>
    </div>
  );
}
