import { Navigate } from 'react-router-dom';
import { paths } from '../../shared/navigation/paths';

/** The entry route (`/`, alias /pages/common/start): enters the home tab. */
export default function Start() {
  return <Navigate to={paths.home} replace />;
}
