// What a page shows when its rendering fails (a schema or expression an implementer broke, a script
// chunk that did not load): a panel in the page area naming the page and the error, with a retry —
// the shell, menu and tabs stay, the app never goes blank.
import { Component, type ReactNode } from 'react';
import { Button, Result, Typography } from 'antd';
import { rt } from './texts.ts';

/** A script chunk that failed to load is loaded again by reloading the page, not by rendering again. */
const chunkFailed = (error: Error) =>
  /dynamically imported module|Loading chunk|Importing a module script failed/i.test(error.message);

export default class ErrorPanel extends Component<
  {
    where: string;
    language: string;
    children: ReactNode;
    /** The file the page is defined in, named in the panel (issue 35). */
    source?: string;
    /** The problems the last reload found (`schemas/<file> → <pointer>: <message>`), named too. */
    problems?: string[];
    /** Bumped by every sound reload: the panel renders the page again by itself. */
    generation?: number;
  },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(previous: { where: string; generation?: number }) {
    // Another page is another chance; so is a new definition (a reload after the fix).
    const again = previous.where !== this.props.where || previous.generation !== this.props.generation;
    if (again && this.state.error) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { language, where } = this.props;
    const retry = () => (chunkFailed(error) ? window.location.reload() : this.setState({ error: null }));
    return (
      <div data-testid="error-panel">
        <Result
          status="error"
          title={rt(language, chunkFailed(error) ? 'chunkFailed' : 'pageFailed')}
          subTitle={
            <span data-testid="error-panel-where">
              {where}
              {this.props.source ? ` — ${this.props.source}` : ''}
            </span>
          }
          extra={
            <Button type="primary" onClick={retry} data-testid="error-panel-retry">
              {rt(language, 'retry')}
            </Button>
          }
        >
          <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="error-panel-message">
            {error.message}
          </Typography.Paragraph>
          {this.props.problems?.length ? (
            <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', marginTop: 8 }} data-testid="error-panel-problems">
              {this.props.problems.join('\n')}
            </Typography.Paragraph>
          ) : null}
        </Result>
      </div>
    );
  }
}
