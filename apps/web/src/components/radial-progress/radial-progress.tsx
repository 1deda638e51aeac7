import { useTranslation } from '../../lib/translation.tsx'

interface RadialProgressProps {
  value: number
  max: number
  size?: number
}

/** A ring that reads 'x of y' (spec §2). */
export function RadialProgress({ value, max, size = 72 }: RadialProgressProps) {
  const { t } = useTranslation()
  const stroke = 6
  const radius = (size - stroke) / 2
  const circumference = 2 * Math.PI * radius
  const ratio = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0
  const text = t('progress.x_of_y', { x: value, y: max })
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={text}>
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        stroke="var(--color-border)"
        strokeWidth={stroke}
      />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        stroke="var(--color-gold)"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - ratio)}
        transform={`rotate(-90 ${size / 2} ${size / 2})`}
      />
      <text
        x="50%"
        y="50%"
        textAnchor="middle"
        dominantBaseline="central"
        fill="var(--color-text)"
        fontSize={size / 6}
        fontWeight={700}
      >
        {text}
      </text>
    </svg>
  )
}
