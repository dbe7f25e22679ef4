// The sign-in page shared by /, /login, /auth/login and /auth/signin.
import { Link } from '@remix-run/react';
import { useSettings } from '~/settings/store';
import { PageHeading } from '~/ui/PageHeading';

export function LoginPage() {
  const skin = useSettings((s) => s.skin);
  return (
    <div className={`mx-auto max-w-md p-8 ${skin.card} ${skin.rounded}`}>
      <PageHeading title="Sign in" lead="Sign in to the learning centre dashboard." />
      <p>
        <Link to="/dash/home" className={`${skin.button} ${skin.rounded}`}>
          Continue to the dashboard
        </Link>
      </p>
    </div>
  );
}
