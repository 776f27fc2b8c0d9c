import { investorSweep } from './steps/axe-sweep';

/*
 * Issue 21: the first third of the investor routes (and the pages of a guest: login, registration, password
 * reset, the accessibility statement), in both languages, without a serious or critical axe violation. A
 * regression (a grey that fails contrast, a button without a name) fails CI here.
 */
investorSweep('accessibility', 0, 3);
