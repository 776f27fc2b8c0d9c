import { investorSweep } from './steps/axe-sweep';

/* Issue 21: the last third of the investor routes, in both languages, without a serious or critical axe violation. */
investorSweep('accessibility-rest', 2, 3);
