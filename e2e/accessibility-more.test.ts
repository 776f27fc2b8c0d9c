import { investorSweep } from './steps/axe-sweep';

/* Issue 21: the second third of the investor routes, in both languages, without a serious or critical axe violation. */
investorSweep('accessibility-more', 1, 3);
