import { ServiceScreen } from '../../features/service/service-screen';

/** common/service: customer service, the built-in chat or the operator's external script (decision 039). */
export default function CommonService() {
  return <ServiceScreen />;
}
