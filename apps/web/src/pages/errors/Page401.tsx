import { ErrorPage } from './ErrorPage.js';

export default function Page401() {
  return <ErrorPage code={401} />;
}
