// The skeleton's one page: a heading and a controlled e-mail field, the same thing the benchmark
// waits for on the app's login page.
import { useState } from 'react';

export default function Index() {
  const [email, setEmail] = useState('');
  return (
    <main>
      <h1>Sign in</h1>
      <label>
        E-mail address
        <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
    </main>
  );
}
