// The import screen: one wizard per kind (families and students, facilitators), each in four
// steps on one page: choose the file, match its columns, check the rows, import them. Parsing and
// checking run in a worker (worker-client.ts); the writes go through the store in batches of at
// most 500 operations (batches.ts, run.ts), so they work offline like every other write.
import { Link } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { store } from '~/data/store';
import { syncEngine } from '~/data/sync-status';
import { settingsStore, useSettings } from '~/settings/store';
import { Badge, type BadgeTone } from '~/ui/Badge';
import { Button, useButtonClasses } from '~/ui/Button';
import { downloadCsv } from '~/ui/csv';
import { Field, FormError } from '~/ui/form/Field';
import { FilterSelect } from '~/ui/form/FilterSelect';
import { Tab, TabList, TabPanel, Tabs } from '~/ui/Tabs';
import { packBatches } from './batches';
import { loadImportContext } from './context';
import { failedRowsCsv, failedRowsFileName, templateCsv, type FailedRow } from './csv-files';
import { ENCODING_LABELS, type CsvEncoding } from './encoding';
import { guessMapping, missingRequired, type ColumnMapping } from './mapping';
import { runImport } from './run';
import { KIND_LABELS, TARGET_FIELDS, TEMPLATE_FILE_NAMES, type ImportKind } from './targets';
import { startCsvWorker, type CsvWorker } from './worker-client';
import type { ImportPlan, PlannedRow, RowStatus } from './plan';

export const OFFLINE_IMPORT_NOTE = 'Saved on this device. It will sync when you are back online.';

/** Rows the preview lists at once; the counts above it cover every row. */
const PREVIEW_LIMIT = 200;

const numberFormat = new Intl.NumberFormat('en');
const n = (value: number) => numberFormat.format(value);

const KIND_LISTS: Record<ImportKind, { href: string; label: string }> = {
  students: { href: '/dash/students', label: 'Go to Students' },
  facilitators: { href: '/dash/facilitators', label: 'Go to Facilitators' },
};

const STATUS_TEXT: Record<RowStatus, { label: string; tone: BadgeTone }> = {
  ready: { label: 'Ready', tone: 'success' },
  duplicate: { label: 'Duplicate', tone: 'warning' },
  invalid: { label: 'Error', tone: 'danger' },
};

interface Uploaded {
  fileName: string;
  headers: string[];
  rows: string[][];
  /** The encoding the worker read the file in (encoding.ts). */
  encoding: CsvEncoding;
}

/** "Read as Windows-1252 (Latin-1).": so a wrong guess is seen before anything is imported. */
function readAs(file: Uploaded): string {
  return `Read as ${ENCODING_LABELS[file.encoding]}.`;
}

interface Summary {
  created: number;
  skipped: number;
  failed: FailedRow[];
  offline: boolean;
}

type Step =
  | { name: 'upload'; error?: string; busy?: boolean }
  | { name: 'mapping'; file: Uploaded; mapping: ColumnMapping; error?: string }
  | { name: 'checking'; file: Uploaded; mapping: ColumnMapping; done: number }
  | { name: 'preview'; file: Uploaded; mapping: ColumnMapping; plan: ImportPlan }
  | { name: 'importing'; file: Uploaded; plan: ImportPlan; done: number; total: number }
  | { name: 'done'; file: Uploaded; summary: Summary };

export function ImportScreen({ kinds }: { kinds: readonly ImportKind[] }) {
  const [only] = kinds;
  if (kinds.length === 1 && only) return <ImportWizard kind={only} />;
  return (
    <Tabs defaultSelectedKey={only}>
      <TabList label="What to import">
        {kinds.map((kind) => (
          <Tab key={kind} id={kind}>
            {KIND_LABELS[kind]}
          </Tab>
        ))}
      </TabList>
      {kinds.map((kind) => (
        <TabPanel key={kind} id={kind}>
          <ImportWizard kind={kind} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

function ImportWizard({ kind }: { kind: ImportKind }) {
  const [step, setStep] = useState<Step>({ name: 'upload' });
  const worker = useRef<CsvWorker | null>(null);
  const heading = useRef<HTMLDivElement>(null);
  // The worker starts with the page (not at the first file), so its script is fetched while the
  // page is known to be online: a connection lost afterwards does not stop the import.
  useEffect(() => {
    worker.current ??= startCsvWorker();
    return () => {
      worker.current?.terminate();
      worker.current = null;
    };
  }, []);
  // Each new step moves the focus to its heading, so a screen reader hears where it is; the first
  // step, shown when the page opens, leaves the focus where the page put it.
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    heading.current?.querySelector('h2')?.focus();
  }, [step.name]);

  const reader = () => (worker.current ??= startCsvWorker());

  async function chooseFile(file: File) {
    setStep({ name: 'upload', busy: true });
    try {
      const { headers, rows, encoding } = await reader().parse(file);
      setStep({
        name: 'mapping',
        file: { fileName: file.name, headers, rows, encoding },
        mapping: guessMapping(headers, kind),
      });
    } catch (error) {
      setStep({ name: 'upload', error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function check(file: Uploaded, mapping: ColumnMapping) {
    const missing = missingRequired(mapping, kind);
    if (missing.length > 0) {
      setStep({
        name: 'mapping',
        file,
        mapping,
        error: `Choose a column for ${missing.join(', ')}: these fields are required.`,
      });
      return;
    }
    setStep({ name: 'checking', file, mapping, done: 0 });
    try {
      const context = await loadImportContext(kind);
      const plan = await reader().plan(kind, mapping, context, (done) =>
        setStep({ name: 'checking', file, mapping, done }),
      );
      setStep({ name: 'preview', file, mapping, plan });
    } catch (error) {
      setStep({
        name: 'mapping',
        file,
        mapping,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async function importRows(file: Uploaded, plan: ImportPlan) {
    const batches = packBatches(plan.units);
    const total = plan.counts.ready;
    setStep({ name: 'importing', file, plan, done: 0, total });
    const result = await runImport(batches, {
      commit: (operations) => store.batch(operations),
      onProgress: (done) => setStep({ name: 'importing', file, plan, done, total }),
    });
    const failed: FailedRow[] = [];
    for (const row of plan.rows) {
      const error =
        row.status === 'invalid' ? row.messages.join(' ') : result.failed.get(row.index);
      if (error) failed.push({ cells: file.rows[row.index] ?? [], error });
    }
    const offline = !syncEngine.connectivity.isOnline();
    const created = result.saved.length;
    setStep({
      name: 'done',
      file,
      summary: { created, skipped: plan.counts.duplicate, failed, offline },
    });
    if (created > 0) {
      settingsStore.notify(
        offline
          ? `${n(created)} imported. ${OFFLINE_IMPORT_NOTE}`
          : `${n(created)} ${created === 1 ? 'record' : 'records'} imported.`,
        'success',
      );
    }
  }

  return (
    <div ref={heading} className="grid gap-6">
      {step.name === 'upload' ? (
        <UploadStep kind={kind} busy={step.busy ?? false} error={step.error} onFile={chooseFile} />
      ) : null}
      {step.name === 'mapping' ? (
        <MappingStep
          kind={kind}
          file={step.file}
          mapping={step.mapping}
          error={step.error}
          onChange={(mapping) => setStep({ ...step, mapping, error: undefined })}
          onCheck={() => void check(step.file, step.mapping)}
          onRestart={() => setStep({ name: 'upload' })}
        />
      ) : null}
      {step.name === 'checking' ? (
        <StepCard title="Checking the rows">
          <Progress
            label="Rows checked"
            done={step.done}
            total={step.file.rows.length}
            text={`Checking rows: ${n(step.done)} of ${n(step.file.rows.length)}`}
          />
        </StepCard>
      ) : null}
      {step.name === 'preview' ? (
        <PreviewStep
          kind={kind}
          file={step.file}
          plan={step.plan}
          onImport={() => void importRows(step.file, step.plan)}
          onBack={() => setStep({ name: 'mapping', file: step.file, mapping: step.mapping })}
        />
      ) : null}
      {step.name === 'importing' ? (
        <StepCard title="Importing">
          <Progress
            label="Rows imported"
            done={step.done}
            total={step.total}
            text={`Importing: ${n(step.done)} of ${n(step.total)} rows`}
          />
          <p className="mt-3 text-muted">
            You can keep using this page. Stay on it until the import has finished.
          </p>
        </StepCard>
      ) : null}
      {step.name === 'done' ? (
        <SummaryStep
          kind={kind}
          file={step.file}
          summary={step.summary}
          onRestart={() => setStep({ name: 'upload' })}
        />
      ) : null}
    </div>
  );
}

/** A step's card; its heading takes the focus when the step opens. */
function StepCard({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const skin = useSettings((s) => s.skin);
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${skin.card} ${skin.rounded} min-w-0 p-5`}>
      <h2 id={id} tabIndex={-1} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
      {actions ? <div className="mt-5 flex flex-wrap gap-3">{actions}</div> : null}
    </section>
  );
}

function Progress({
  label,
  done,
  total,
  text,
}: {
  label: string;
  done: number;
  total: number;
  text: string;
}) {
  return (
    <div className="grid gap-2">
      <progress
        aria-label={label}
        value={done}
        max={Math.max(total, 1)}
        className="h-3 w-full accent-primary"
      />
      <p role="status" className="font-medium">
        {text}
      </p>
    </div>
  );
}

function UploadStep({
  kind,
  busy,
  error,
  onFile,
}: {
  kind: ImportKind;
  busy: boolean;
  error?: string;
  onFile: (file: File) => void;
}) {
  const skin = useSettings((s) => s.skin);
  // The "Choose a CSV file" control is the <label> of the hidden file input, so it cannot be a
  // Button: it borrows the primary button's look.
  const chooseFileClasses = useButtonClasses({ className: 'cursor-pointer' });
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  const required = TARGET_FIELDS[kind].filter((f) => f.required).map((f) => f.label);
  return (
    <StepCard title="1. Choose the file">
      <p className="mb-4 max-w-prose">
        {kind === 'students'
          ? 'One row per student, with the family’s guardian in the same row. Rows with the same guardian e-mail, or the same family name and phone, join one family.'
          : 'One row per facilitator. A facilitator whose e-mail is already on the list is skipped.'}{' '}
        Required columns: {required.join(', ')}.
      </p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="import-drop-zone"
        className={`flex flex-col items-center gap-3 border-2 border-dashed px-4 py-8 text-center ${skin.rounded} ${dragging ? 'border-primary bg-hover' : 'border-border-strong'}`}
      >
        <p className="font-medium">Drop a CSV file here, or</p>
        <label htmlFor={inputId} className={chooseFileClasses}>
          {busy ? 'Reading the file…' : 'Choose a CSV file'}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
        <p id={hintId} className="text-sm text-muted">
          Save the spreadsheet as “CSV UTF-8”. The first row holds the column names.
        </p>
      </div>
      {error ? (
        <p role="alert" className="mt-3 font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-4">
        <Button
          variant="secondary"
          onClick={() => downloadCsv(TEMPLATE_FILE_NAMES[kind], templateCsv(kind))}
        >
          Download the template
        </Button>
      </div>
    </StepCard>
  );
}

function MappingStep({
  kind,
  file,
  mapping,
  error,
  onChange,
  onCheck,
  onRestart,
}: {
  kind: ImportKind;
  file: Uploaded;
  mapping: ColumnMapping;
  error?: string;
  onChange: (mapping: ColumnMapping) => void;
  onCheck: () => void;
  onRestart: () => void;
}) {
  const sample = file.rows[0] ?? [];
  const options = file.headers.map((header, column) => ({
    value: String(column),
    label: header || `Column ${column + 1}`,
  }));
  const choose = (key: string, value: string) => {
    const next = { ...mapping };
    if (value === '') delete next[key];
    else next[key] = Number(value);
    onChange(next);
  };
  return (
    <StepCard
      title="2. Match the columns"
      actions={
        <>
          <Button onClick={onCheck}>Check the rows</Button>
          <Button variant="secondary" onClick={onRestart}>
            Choose another file
          </Button>
        </>
      }
    >
      <p className="mb-4 max-w-prose">
        {file.fileName}: {n(file.rows.length)} {file.rows.length === 1 ? 'row' : 'rows'}.{' '}
        {readAs(file)} Each field below shows the column guessed from the file’s headers; change any
        that are wrong. Fields marked “required” need a column.
      </p>
      <FormError form={error ? { fieldErrors: { _form: error } } : null} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TARGET_FIELDS[kind].map((field) => {
          const column = mapping[field.key];
          const example = column === undefined ? '' : (sample[column] ?? '');
          return (
            <Field
              key={field.key}
              label={`${field.label}${field.required ? ' (required)' : ''}`}
              hint={example ? `${field.hint} First row: “${example}”.` : field.hint}
            >
              {(control) => (
                <select
                  {...control}
                  required={field.required}
                  value={column === undefined ? '' : String(column)}
                  onChange={(event) => choose(field.key, event.currentTarget.value)}
                >
                  <option value="">— Not in the file —</option>
                  {options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          );
        })}
      </div>
    </StepCard>
  );
}

type Filter = 'all' | RowStatus;

function PreviewStep({
  kind,
  file,
  plan,
  onImport,
  onBack,
}: {
  kind: ImportKind;
  file: Uploaded;
  plan: ImportPlan;
  onImport: () => void;
  onBack: () => void;
}) {
  const [filter, setFilter] = useState<Filter>(plan.counts.invalid > 0 ? 'invalid' : 'all');
  const shown = plan.rows.filter((row) => filter === 'all' || row.status === filter);
  const { ready, duplicate, invalid } = plan.counts;
  return (
    <StepCard
      title="3. Check the rows"
      actions={
        <>
          {/* With nothing new, finishing still gives the summary and the failed-rows file. */}
          <Button onClick={onImport}>
            {ready === 0
              ? 'Finish: nothing new to import'
              : `Import ${n(ready)} ${ready === 1 ? 'row' : 'rows'}`}
          </Button>
          <Button variant="secondary" onClick={onBack}>
            Back to the columns
          </Button>
        </>
      }
    >
      <p className="mb-3 max-w-prose">
        {file.fileName}: {n(file.rows.length)} rows. {readAs(file)}{' '}
        {kind === 'students' && plan.newFamilies > 0
          ? `The import creates ${n(plan.newFamilies)} new ${plan.newFamilies === 1 ? 'family' : 'families'}. `
          : ''}
        Duplicates are skipped; rows with errors are not imported and go into the failed-rows file
        at the end, to fix and upload again.
      </p>
      <ul className="mb-4 flex flex-wrap gap-2" aria-label="Rows by result">
        <li>
          <Badge tone="success">{n(ready)} ready</Badge>
        </li>
        <li>
          <Badge tone="warning">
            {n(duplicate)} {duplicate === 1 ? 'duplicate' : 'duplicates'}
          </Badge>
        </li>
        <li>
          <Badge tone="danger">{n(invalid)} with errors</Badge>
        </li>
      </ul>
      <FilterSelect
        label="Show"
        value={filter}
        onChange={(event) => setFilter(toFilter(event.currentTarget.value))}
        allLabel="All rows"
        allValue="all"
        options={[
          { value: 'invalid', label: 'Rows with errors' },
          { value: 'duplicate', label: 'Duplicates' },
          { value: 'ready', label: 'Ready rows' },
        ]}
        className="mb-3 max-w-xs"
      />
      {shown.length === 0 ? (
        <p className="text-muted">No rows to show here.</p>
      ) : (
        <RowsTable kind={kind} rows={shown.slice(0, PREVIEW_LIMIT)} />
      )}
      {shown.length > PREVIEW_LIMIT ? (
        <p className="mt-2 text-sm text-muted">
          Showing the first {n(PREVIEW_LIMIT)} of {n(shown.length)} rows.
        </p>
      ) : null}
    </StepCard>
  );
}

function toFilter(value: string): Filter {
  return value === 'invalid' || value === 'duplicate' || value === 'ready' ? value : 'all';
}

function RowsTable({ kind, rows }: { kind: ImportKind; rows: readonly PlannedRow[] }) {
  return (
    // The table scrolls inside its frame on a narrow screen; the page itself never does. A
    // scrolling region with nothing focusable inside must take the focus itself (WCAG 2.1.1).
    <div
      className="max-h-[28rem] overflow-auto"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
      tabIndex={0}
      role="region"
      aria-label="Rows of the file"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Each row of the file with its result</caption>
        <thead>
          <tr className="border-b border-border text-muted">
            <th scope="col" className="py-2 pr-3 font-medium">
              Row
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Name
            </th>
            {kind === 'students' ? (
              <th scope="col" className="py-2 pr-3 font-medium">
                Family
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-3 font-medium">
              Result
            </th>
            <th scope="col" className="py-2 font-medium">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.index} className="border-b border-border align-top last:border-0">
              <td className="py-2 pr-3 tabular-nums">{row.line}</td>
              <th scope="row" className="py-2 pr-3 font-normal">
                {row.label}
              </th>
              {kind === 'students' ? (
                <td className="py-2 pr-3">
                  {row.family ? `${row.family.name}${row.family.isNew ? ' (new)' : ''}` : ''}
                </td>
              ) : null}
              <td className="py-2 pr-3">
                <Badge tone={STATUS_TEXT[row.status].tone}>{STATUS_TEXT[row.status].label}</Badge>
              </td>
              <td className="min-w-48 py-2">
                {row.messages.length > 0 ? (
                  <ul className="grid gap-1">
                    {row.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SummaryStep({
  kind,
  file,
  summary,
  onRestart,
}: {
  kind: ImportKind;
  file: Uploaded;
  summary: Summary;
  onRestart: () => void;
}) {
  const skin = useSettings((s) => s.skin);
  const { created, skipped, failed, offline } = summary;
  const stats: Array<[string, number, string]> = [
    ['Created', created, 'summary-created'],
    ['Skipped (duplicates)', skipped, 'summary-skipped'],
    ['Failed', failed.length, 'summary-failed'],
  ];
  return (
    <StepCard
      title="4. Import finished"
      actions={
        <>
          {failed.length > 0 ? (
            <Button
              onClick={() =>
                downloadCsv(failedRowsFileName(kind), failedRowsCsv(file.headers, failed))
              }
            >
              Download the failed rows
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onRestart}>
            Import another file
          </Button>
          <Link to={KIND_LISTS[kind].href} className={`${skin.link} self-center`}>
            {KIND_LISTS[kind].label}
          </Link>
        </>
      }
    >
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="import-summary">
        {stats.map(([label, value, testId]) => (
          <div key={label} className={`border border-border p-3 ${skin.rounded}`}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={testId}>
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
      <p role="status" className="mt-4 max-w-prose">
        {offline && created > 0 ? `${OFFLINE_IMPORT_NOTE} ` : ''}
        {failed.length > 0
          ? `Download the failed rows: the file has the same columns as yours and an “error” column that says what to fix. Correct them and upload that file again; rows already imported are skipped as duplicates.`
          : 'Every row was imported or was already on the list.'}
      </p>
    </StepCard>
  );
}
