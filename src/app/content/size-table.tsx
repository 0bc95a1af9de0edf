/** One size chart (women, men or children): sizes down the side, measurements across, numbers per language. */
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../i18n/number-format';
import { useLanguage } from '../i18n/use-language';
import * as page from './content-page.css';
import { HeadRow, ScrollTable } from './scroll-table';
import { MEASURES, SIZE_CHART, type SizeGroup } from './size-chart';

export function SizeTable({ group }: { group: SizeGroup }) {
  const { t } = useTranslation('content');
  const language = useLanguage();
  const rows = SIZE_CHART[group];
  const withAge = rows.some((row) => row.age);
  const caption = t(`sizeGuide.tables.${group}.caption`);
  const columns = [
    t('sizeGuide.columns.size'),
    ...(withAge ? [t('sizeGuide.columns.age')] : []),
    ...MEASURES.map((measure) => t(`sizeGuide.columns.${measure}`)),
  ];
  return (
    <div className={page.section}>
      <ScrollTable caption={caption} regionLabel={t('sizeGuide.tableRegion', { caption })} testId={`size-table-${group}`}>
        <HeadRow labels={columns} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.size}>
              <th scope="row" className={page.headCell}>
                {row.size}
              </th>
              {withAge && (
                <td className={page.cell}>
                  {row.age
                    ? t('sizeGuide.ageRange', {
                        from: formatInteger(row.age.from, language),
                        to: formatInteger(row.age.to, language),
                      })
                    : ''}
                </td>
              )}
              {MEASURES.map((measure) => (
                <td key={measure} className={page.cell}>
                  {formatInteger(row.cm[measure], language)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <p className={page.note}>{t(`sizeGuide.tables.${group}.note`)}</p>
    </div>
  );
}
