// Current budget year (spec section 4): the ys_budget_year dictionary; choosing another asks to
// confirm, stores it for 12 hours and reloads.
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type DictEntry } from '../../api/core.ts';
import { useStores } from '../../stores/index.ts';
import { feedback } from '../../utils/feedback.ts';
import { siteYear } from '../../../renderer/time.ts';

export default observer(function YearSelect() {
  const { session, settings } = useStores();
  const { t } = useTranslation();
  const [years, setYears] = useState<DictEntry[]>([]);

  useEffect(() => {
    api.dictByType('ys_budget_year').then(setYears, () => setYears([]));
  }, [settings.language]);

  const current = session.currentYear ?? years.find((y) => y.isDefault === 'Y')?.dictValue ?? siteYear();
  return (
    <Select
      className="year-select"
      data-testid="year-select"
      aria-label={t('layout.currentYear')}
      size="small"
      variant="borderless"
      value={current}
      style={{ width: 104 }}
      options={years.map((y) => ({ value: y.dictValue, label: y.dictLabel }))}
      onChange={(year) => {
        const label = years.find((y) => y.dictValue === year)?.dictLabel ?? year;
        feedback.modal.confirm({
          title: t('layout.yearChangeTitle'),
          content: t('layout.yearChangeContent', { year: label }),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: () => {
            session.setYear(year);
            window.location.reload();
          },
        });
      }}
    />
  );
});
