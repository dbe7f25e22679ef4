// The words of a refused page (spec §2), on their own so that the error page can say them without
// loading the permission matrix (app/ui/errors.tsx is on every first load; issue 11, part 5).
export const NOT_ALLOWED_MESSAGE = 'You are not allowed to open this page.';
