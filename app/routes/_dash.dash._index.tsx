import { redirect } from '@remix-run/react';

// /dash on its own has no page: the dashboard starts at /dash/home.
export function clientLoader() {
  return redirect('/dash/home');
}

export default function DashIndex() {
  return null;
}
