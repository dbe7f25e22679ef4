// Grey placeholder shapes for a panel whose figures are on their way. The pulse stops when the
// person asks for reduced motion (motion-safe), and a screen reader hears "Loading …" once.
export function Skeleton({ lines = 3, label = 'Loading' }: { lines?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" data-skeleton>
      <span className="sr-only">{label}…</span>
      <div aria-hidden="true" className="space-y-2 motion-safe:animate-pulse">
        <div className="h-7 w-1/3 rounded bg-selected" />
        {Array.from({ length: Math.max(0, lines - 1) }, (_, i) => (
          <div key={i} className={`h-4 rounded bg-selected ${i % 2 ? 'w-2/3' : 'w-5/6'}`} />
        ))}
      </div>
    </div>
  );
}
