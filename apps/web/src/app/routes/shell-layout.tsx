import { Outlet } from 'react-router';

export function Component() {
  return (
    <div>
      <Outlet />
    </div>
  );
}
