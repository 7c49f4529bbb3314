import { toast } from '@/client/lib/toast';
import { AI_LINE } from '@/shared/ai-line';
import { ApiError } from '@/client/lib/api-client';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { ErrorState, Skeleton } from '@/client/ui/feedback';
import { Switch } from '@/client/ui/switch';
import { useGradingPreferences, useUpdateGradingPreferences } from './api/grading-preferences-api';

/** The Settings page's grading switches: the AI line at the end of each comment, and drift notes. */
export function GradingPreferencesCard() {
  const preferences = useGradingPreferences();
  const update = useUpdateGradingPreferences();
  const change = async (changes: { aiLine?: boolean; driftNotes?: boolean }) => {
    try {
      await update.mutateAsync(changes);
    } catch (error) {
      toast.error('Could not change the setting', {
        description: error instanceof ApiError ? error.message : 'Please try again.',
      });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Grading</CardTitle>
        <CardDescription>How your saved feedback reads, and what Margin points out while you grade.</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : preferences.isError ? (
          <ErrorState
            title="Could not load your grading settings"
            message={preferences.error.message}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <div className="flex flex-col gap-4" data-testid="grading-preferences">
            <Switch
              checked={preferences.data.aiLine || preferences.data.institutionAiLine}
              onCheckedChange={(aiLine) => void change({ aiLine })}
              disabled={update.isPending || preferences.data.institutionAiLine}
              label="Say that AI helped"
              description={
                preferences.data.institutionAiLine
                  ? `Your institution ends each comment its teachers save with “${AI_LINE}”`
                  : `Ends each comment you save with “${AI_LINE}”`
              }
            />
            <Switch
              checked={preferences.data.driftNotes}
              onCheckedChange={(driftNotes) => void change({ driftNotes })}
              disabled={update.isPending}
              label="Point out grades far from my earlier ones"
              description="After a save, a quiet note names students you graded earlier whose work measured alike."
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
