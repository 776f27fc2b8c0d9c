import { ServiceScreen } from '../../features/service/service-screen';

/** user/service: customer service, the built-in chat or the operator's external script (decision 039). */
export default function UserService() {
  return <ServiceScreen />;
}
