import { Navigate } from 'react-router';

/** A landing address for links into the console: on to the home page, or the login page without a session. */
export default function AuthRedirect() {
  return <Navigate to="/" replace />;
}
