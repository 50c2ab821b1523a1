// The part of amis the bench's amis page uses. amis is installed only when the bench runs
// (bench/renderer/package.json), so the product's typecheck on a clean checkout reads this instead.
declare module 'amis' {
  import type { ReactElement } from 'react';
  export function render(schema: object, props?: object, env?: object): ReactElement;
}
