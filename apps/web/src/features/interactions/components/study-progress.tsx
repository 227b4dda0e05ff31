import { useTranslation } from 'react-i18next'
import { Badge, Group, Progress, Stack, Text, Title } from '@mantine/core'
import type { InteractionStudies, TeamGroupParams } from '@crm/domain'
import { useLookup } from '../../lookups/queries'
import { useInteractionStudies } from '../queries'

const reactionFaces = { unhappy: '🙁', neutral: '😐', happy: '🙂' } as const

/** Which lessons of each study are done, with reactions (contact-interactions-studies). */
export function StudyProgress({ contactId, scope }: { contactId: number; scope: TeamGroupParams }) {
  const { t } = useTranslation('interactions')
  const studies = useInteractionStudies(contactId, scope)
  const parents = useLookup('bible-studies-parents')
  const lessons = useLookup('bible-studies')
  const done: InteractionStudies = studies.data ?? { items: {}, items_other: [] }
  const started = (parents.data ?? [])
    .map((parent) => ({ parent, lessons: (lessons.data ?? []).filter((lesson) => lesson.parent === parent.id && lesson.id !== 'other') }))
    .filter((study) => study.lessons.some((lesson) => done.items[String(lesson.id)]))
  if (started.length === 0 && done.items_other.length === 0) return null

  return (
    <Stack component="section" gap="sm" aria-labelledby="study-progress-title">
      <Title order={3} size="h5" id="study-progress-title">
        {t('studies.title')}
      </Title>
      {started.map(({ parent, lessons: studyLessons }) => {
        const count = studyLessons.filter((lesson) => done.items[String(lesson.id)]).length
        return (
          <Stack key={parent.id} gap={4}>
            <Group justify="space-between">
              <Text fw={500}>{parent.title}</Text>
              <Text size="sm" c="dimmed">
                {t('studies.progress', { done: count, total: studyLessons.length })}
              </Text>
            </Group>
            <Progress value={(count / studyLessons.length) * 100} aria-label={t('studies.progressLabel', { study: parent.title })} />
            <Group gap={4} role="list" aria-label={t('studies.lessons', { study: parent.title })}>
              {studyLessons.map((lesson, index) => {
                const lessonDone = done.items[String(lesson.id)]
                return (
                  <Badge
                    key={lesson.id}
                    role="listitem"
                    variant={lessonDone ? 'filled' : 'outline'}
                    color={lessonDone ? 'teal' : 'gray'}
                    title={lessonDone ? `${lesson.title}: ${lessonDone.date_display}` : lesson.title}
                    aria-label={
                      lessonDone
                        ? t('studies.lessonDone', { lesson: lesson.title, date: lessonDone.date_display })
                        : t('studies.lessonToDo', { lesson: lesson.title })
                    }
                  >
                    {index + 1}
                    {lessonDone?.reaction ? ` ${reactionFaces[lessonDone.reaction]}` : ''}
                  </Badge>
                )
              })}
            </Group>
          </Stack>
        )
      })}
      {done.items_other.map((other, index) => (
        <Text key={`${other.bible_study_other}-${index}`} size="sm">
          {t('studies.other', { study: other.bible_study_other, date: other.date_display })}
          {other.reaction ? ` ${reactionFaces[other.reaction]}` : ''}
        </Text>
      ))}
    </Stack>
  )
}
