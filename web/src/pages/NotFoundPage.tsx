import { Link } from 'react-router';

export function NotFound() {
  return (
    <div className="page">
      <h1>Not found</h1>
      <p>There is nothing here. It may have been deleted, it may belong to another workspace, or the address is mistyped.</p>
      <p>
        <Link to="/">Go to the overview</Link>
      </p>
    </div>
  );
}

export default NotFound;
