// The generic page: fetches the bundle of a menu component from the server and renders it by its
// kind (a list, a form that is a page of its own, a record's detail page or a week calendar). A component without a page schema renders
// what the app gives for "not built".
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Result, Spin } from 'antd';
import { useRenderer } from './context.tsx';
import ListPage from './list/ListPage.tsx';
import ErrorPanel from './ErrorPanel.tsx';
import { rt } from './texts.ts';
import { useSchemaNews } from './schemaReload.ts';
import type { CalendarPageBundle, DetailPageBundle, FormPageBundle, PageBundle, ReportPageBundle } from './types.ts';
// A form page brings Formily; a list loads it only when a dialog opens.
const FormPage = lazy(() => import('./form/FormPage.tsx'));
const DetailPage = lazy(() => import('./detail/DetailPage.tsx'));
const CalendarPage = lazy(() => import('./calendar/CalendarPage.tsx'));
const ReportPage = lazy(() => import('./report/ReportPage.tsx'));

export default function SchemaPage({
  component,
  urlQuery,
  notFound,
}: {
  component: string;
  urlQuery: Record<string, string>;
  notFound: ReactNode;
}) {
  const env = useRenderer();
  const [state, setState] = useState<{
    bundle?: PageBundle | FormPageBundle | DetailPageBundle | CalendarPageBundle | ReportPageBundle;
    missing?: boolean;
    error?: string;
  }>({});
  const news = useSchemaNews();

  useEffect(() => {
    let cancelled = false;
    // A reload in development keeps what is shown until the new definition is there.
    if (!news.generation) setState({});
    env.fetcher
      .get<PageBundle | FormPageBundle | DetailPageBundle | CalendarPageBundle | ReportPageBundle>(`schema/page/${component}`)
      .then((answer) => {
        if (cancelled) return;
        if (answer.code === '0') setState({ bundle: answer.data });
        else if (answer.code === '40400') setState({ missing: true });
        else setState({ error: answer.msg });
      })
      .catch((err) => !cancelled && setState({ error: env.errorText(err) }));
    return () => {
      cancelled = true;
    };
  }, [component, env.language, news.generation]);

  if (state.missing) return <>{notFound}</>;
  if (state.error) return <Result status="warning" title={rt(env.language, 'loadFailed')} subTitle={state.error} />;
  const spin = <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!state.bundle) return spin;
  // Only the problems of this page's own area are told in the page ("still shows the last sound
  // definition" is true of that area alone); the others are the administrator's banner's.
  const source = (state.bundle as { source?: string }).source;
  const area = source ? /^schemas\/(?:sites\/[^/]+\/)?([^/]+)\//.exec(source)?.[1] : undefined;
  const ownProblems = area
    ? news.problems.filter((p) => new RegExp(`^schemas/(?:sites/[^/]+/)?${area}/`).test(p))
    : news.problems;
  // A definition that breaks the page shows in the page, naming it; the shell stays.
  return (
    <ErrorPanel
      where={component}
      language={env.language}
      source={source}
      problems={news.problems}
      generation={news.generation}
    >
      {ownProblems.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="schema-problems"
          style={{ marginBottom: 12, whiteSpace: 'pre-wrap' }}
          message={rt(env.language, 'schemaProblems')}
          description={ownProblems.join('\n')}
        />
      )}
      {state.bundle.kind === 'form' ? (
        <Suspense fallback={spin}>
          <FormPage key={component} bundle={state.bundle} urlQuery={urlQuery} />
        </Suspense>
      ) : state.bundle.kind === 'calendar' ? (
        <Suspense fallback={spin}>
          <CalendarPage key={component} bundle={state.bundle} />
        </Suspense>
      ) : state.bundle.kind === 'report' ? (
        <Suspense fallback={spin}>
          <ReportPage key={component} bundle={state.bundle} />
        </Suspense>
      ) : state.bundle.kind === 'detail' ? (
        <Suspense fallback={spin}>
          <DetailPage key={component} bundle={state.bundle} urlQuery={urlQuery} />
        </Suspense>
      ) : (
        <ListPage key={component} bundle={state.bundle} urlQuery={urlQuery} />
      )}
    </ErrorPanel>
  );
}
