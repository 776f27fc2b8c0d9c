import { areaList } from '@piazza/contract/calls/identity';
import { Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import styles from './area-code-picker.module.css';

interface AreaCodePickerProps {
  value: string;
  onChange: (dial: string) => void;
  testId?: string;
}

/** The country dialling code of a phone account, from GET /common/area/list; +39 until the user picks. */
export function AreaCodePicker({ value, onChange, testId = 'area-code' }: AreaCodePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const areas = useApiQuery(areaList, {}, { staleTime: Number.POSITIVE_INFINITY });
  const columns = [(areas.data?.list ?? []).map((a) => ({ label: `${a.name} ${a.dial}`, value: a.dial }))];
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        onClick={() => setOpen(true)}
        aria-label={`${t('area.title')}: ${value}`}
        data-testid={testId}
      >
        {value}
        <DownOutline fontSize={10} />
      </button>
      <Picker
        columns={columns}
        visible={open}
        value={[value]}
        title={t('area.choose')}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => {
          const dial = picked[0];
          if (typeof dial === 'string') onChange(dial);
        }}
      />
    </>
  );
}
