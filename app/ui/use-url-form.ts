// A GET form whose fields are a page's view state in the URL (filters, search, sort). `apply()`
// reads the form's fields and goes to `pathname` with the search that `toSearch` builds from them
// (dropping empty fields and defaults), replacing the history entry so Back leaves the page
// instead of stepping through every choice.
import { useNavigate } from '@remix-run/react';
import { useRef } from 'react';

export function useUrlForm(
  pathname: string,
  toSearch: (fields: URLSearchParams) => string,
  options: { preventScrollReset?: boolean } = {},
) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const apply = () => {
    const form = formRef.current;
    if (!form) return;
    const fields = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === 'string') fields.set(key, value);
    }
    navigate({ pathname, search: toSearch(fields) }, { replace: true, ...options });
  };
  return { formRef, apply };
}
