import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import type { CriterionFigures, ScoreDistribution } from '@/shared/schemas/insights';

/**
 * The tabs' charts, drawn with Recharts as plain SVG (it renders on the server as in the browser
 * when given a size; ResponsiveContainer starts from `initialDimension`). Colours are the brand's
 * and pass 3:1 against white for graphics, 4.5:1 for the axis text.
 */
const BAR = '#25598f'; // brand-600, 7.1:1 on white
const LINE = '#1e3a5f'; // brand-700
const MARK = '#9a3412'; // accent-600, 7.3:1 on white
const WEAK = '#b45309'; // amber-700, 5.0:1 on white
const AXIS = '#475569'; // slate-600, 7.6:1 on white
const GRID = '#e2e8f0';

const axisTick = { fill: AXIS, fontSize: 12 };

export function HistogramChart({ distribution }: { distribution: ScoreDistribution }) {
  const data = distribution.bins.map((bin) => ({ label: `${bin.from}–${bin.to}`, count: bin.count }));
  const medianBin = data[Math.min(9, Math.max(0, Math.floor(distribution.median / 10)))]?.label;
  return (
    <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 560, height: 220 }}>
      <BarChart data={data} margin={{ top: 16, right: 8, bottom: 4, left: -16 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={axisTick} interval={0} angle={-30} textAnchor="end" height={44} />
        <YAxis allowDecimals={false} tick={axisTick} />
        <Bar dataKey="count" name="Students" fill={BAR} isAnimationActive={false} />
        {medianBin ? (
          <ReferenceLine
            x={medianBin}
            stroke={MARK}
            strokeWidth={2}
            strokeDasharray="4 3"
            label={{ value: 'Median', position: 'top', fill: MARK, fontSize: 12 }}
          />
        ) : null}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function TrendChart({ points }: { points: Array<{ label: string; median: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={220} initialDimension={{ width: 560, height: 220 }}>
      <LineChart data={points} margin={{ top: 12, right: 16, bottom: 4, left: -16 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={axisTick} interval="preserveStartEnd" />
        <YAxis domain={[0, 100]} tick={axisTick} unit="%" />
        <Line
          dataKey="median"
          name="Class median"
          stroke={LINE}
          strokeWidth={2}
          dot={{ r: 4, fill: LINE }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function CriteriaChart({ criteria, weakIds }: { criteria: CriterionFigures[]; weakIds: ReadonlySet<string> }) {
  const data = criteria.map((criterion) => ({
    id: criterion.id,
    label: criterion.description,
    share: Math.round(criterion.average_share * 100),
  }));
  return (
    <ResponsiveContainer
      width="100%"
      height={Math.max(120, data.length * 44)}
      initialDimension={{ width: 560, height: Math.max(120, data.length * 44) }}
    >
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" tick={axisTick} />
        <YAxis type="category" dataKey="label" width={130} tick={axisTick} />
        <Bar dataKey="share" name="Class average" isAnimationActive={false}>
          {data.map((entry) => (
            <Cell key={entry.id} fill={weakIds.has(entry.id) ? WEAK : BAR} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** A student's grades over the course, as a small line (its figures are in the row's label). */
export function Sparkline({ percents }: { percents: number[] }) {
  if (percents.length < 2)
    return <span className="text-xs text-slate-600">{percents.length ? `${percents[0]}%` : '–'}</span>;
  return (
    <LineChart width={96} height={28} data={percents.map((value, index) => ({ index, value }))}>
      <YAxis hide domain={[0, 100]} />
      <Line dataKey="value" stroke={LINE} strokeWidth={1.5} dot={false} isAnimationActive={false} />
    </LineChart>
  );
}
