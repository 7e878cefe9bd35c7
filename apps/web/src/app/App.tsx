import { RouterProvider } from 'react-router';
import { createRouter } from './router.js';

const router = createRouter();

export function App() {
  return <RouterProvider router={router} />;
}
