import { Alert, Avatar, Badge, Box, Loader, Textarea } from '@mantine/core';
import { Anchor, Group, Paper, Stack, Text } from '@/components/primitives/primitives';
import { Button } from '@/components/primitives/buttons';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from '@/lib/router';
import {
  COMMENT_MAX,
  type Comment,
  type CommentReply,
  COMMUNITY_MESSAGES,
  MODERATION_MESSAGES,
} from '@fundry/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageNavigation } from '@/components/PageNavigation';
import { serverMessage } from '@/lib/api-errors';
import { Rich, useI18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { type CommentTarget, useCommentActions, useComments } from '../api/community';
import { personName } from '@/lib/people';

/**
 * A comment's Report button, composed in by the app (reports); `name` is its accessible name, which says whose
 * comment it reports.
 */
export type CommentReportButton = (commentId: number, name: string) => ReactNode;

/**
 * A comment's Block action for the project's creator, composed in by the app (creator tools): blocks its author
 * (`userId`, called `name`) from the creator's projects.
 */
export type CommentBlockButton = (userId: number, name: string) => ReactNode;

/** What the page composes into each comment's actions. */
interface CommentSlots {
  reportButton?: CommentReportButton;
  blockButton?: CommentBlockButton;
}

interface Viewer {
  userId: number | null;
  isAdmin: boolean;
  isCreator: boolean;
  canComment: boolean;
  /** The campaign ended early: nobody writes or edits a comment any more. */
  closed: boolean;
}

/** A plain-text box for a comment or a reply (≤ 2,000 characters); the text is sent as typed. */
function CommentForm({
  target,
  parentId,
  label,
  submitLabel,
  initial = '',
  onDone,
  onCancel,
  editId,
}: {
  target: CommentTarget;
  parentId?: number;
  label: string;
  submitLabel: string;
  initial?: string;
  onDone?: () => void;
  onCancel?: () => void;
  editId?: number;
}) {
  const i18n = useI18n();
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const actions = useCommentActions(target);
  const pending = actions.post.isPending || actions.edit.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) {
      setError(i18n.t(COMMUNITY_MESSAGES.commentRequired));
      return;
    }
    const handlers = {
      onSuccess: (reply: { message?: string }) => {
        notify.success(reply.message ?? i18n.t(COMMUNITY_MESSAGES.commentPosted));
        setBody('');
        setError(null);
        onDone?.();
      },
      onError: (failure: Error) =>
        setError(serverMessage(failure) ?? i18n.t('community.comments.saveFailed')),
    };
    if (editId) actions.edit.mutate({ id: editId, body: text }, handlers);
    else actions.post.mutate({ body: text, ...(parentId ? { parent_id: parentId } : {}) }, handlers);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={label}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={COMMENT_MAX}
          value={body}
          error={error}
          description={`${body.length} / ${COMMENT_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onChange={(event) => setBody(event.currentTarget.value)}
        />
        <Group gap="xs" justify="flex-end">
          {onCancel && (
            <Button size="xs" variant="default" onClick={onCancel} disabled={pending}>
              {i18n.t('community.comments.cancel')}
            </Button>
          )}
          <Button size="xs" type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AuthorLine({ comment }: { comment: CommentReply }) {
  const i18n = useI18n();
  if (!comment.author) return null;
  // "3 minutes ago" reads later in the browser than on the server, whose page may be kept a minute (decision 018).
  const time = (text: string) => (
    <time dateTime={comment.created_at} suppressHydrationWarning>
      {text}
    </time>
  );
  return (
    <Group gap="xs" wrap="wrap">
      <Avatar src={comment.author.profile_image} alt="" size={28} radius="xl" color="teal">
        {personName(comment.author.name, i18n).slice(0, 1).toUpperCase()}
      </Avatar>
      <Text fw={600} size="sm">
        {personName(comment.author.name, i18n)}
      </Text>
      {comment.author.is_creator && (
        <Badge size="sm" color="teal" variant="filled">
          {i18n.t('community.comments.creatorBadge')}
        </Badge>
      )}
      {comment.author.is_team && !comment.author.is_creator && (
        // A collaborator with the community permission answers as the team (DESIGN.md §19).
        <Badge size="sm" color="blue" variant="light">
          {i18n.t('community.comments.teamBadge')}
        </Badge>
      )}
      {comment.author.is_backer && (
        <Badge size="sm" color="blue" variant="light">
          {i18n.t('community.comments.backerBadge')}
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        <Rich
          id={comment.edited_at ? 'community.comments.timeEdited' : 'community.comments.time'}
          values={{ time: i18n.relativeTime(comment.created_at) }}
          tags={{ time }}
        />
      </Text>
    </Group>
  );
}

/** One comment or reply; a removed one is a tombstone that keeps its replies in place. */
function CommentItem({
  comment,
  target,
  viewer,
  slots,
  onReply,
}: {
  comment: CommentReply;
  target: CommentTarget;
  viewer: Viewer;
  slots: CommentSlots;
  onReply?: () => void;
}) {
  const i18n = useI18n();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { remove } = useCommentActions(target);
  if (comment.removed) {
    return (
      <Text size="sm" c="dimmed" fs="italic" py={4}>
        {i18n.t(COMMUNITY_MESSAGES.commentRemoved)}
      </Text>
    );
  }
  if (comment.hidden && !comment.author) {
    // Hidden while reviewed, or its author is blocked: others read only that (the API sent no text).
    return (
      <Text size="sm" c="dimmed" fs="italic" py={4}>
        {i18n.t(MODERATION_MESSAGES.commentHidden)}
      </Text>
    );
  }
  const isAuthor = comment.author?.id === viewer.userId;
  const mayRemove = isAuthor || viewer.isCreator || viewer.isAdmin;
  const who = comment.author ? personName(comment.author.name, i18n) : i18n.t('community.comments.someone');
  const mayBlock = viewer.isCreator && comment.author !== null && !isAuthor;
  return (
    <Stack gap={6}>
      <AuthorLine comment={comment} />
      {comment.hidden && (
        <Text size="xs" c="dimmed" fw={600} role="note">
          {i18n.t('community.comments.hiddenNotice', { hidden: i18n.t(MODERATION_MESSAGES.commentHidden) })}
        </Text>
      )}
      {editing ? (
        <CommentForm
          target={target}
          editId={comment.id}
          initial={comment.body}
          label={i18n.t('community.comments.editLabel')}
          submitLabel={i18n.t('community.comments.save')}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Text
          size="sm"
          lang={target.lang}
          dir="auto"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {comment.body}
        </Text>
      )}
      {!editing && (onReply || isAuthor || mayRemove || viewer.userId !== null) && (
        <Group gap={4}>
          {onReply && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={onReply}
              aria-label={i18n.t('community.comments.replyTo', { name: who })}
            >
              {i18n.t('community.comments.reply')}
            </Button>
          )}
          {isAuthor && !viewer.closed && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={() => setEditing(true)}
              aria-label={i18n.t('community.comments.editLabel')}
            >
              {i18n.t('community.comments.edit')}
            </Button>
          )}
          {mayRemove && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => setConfirming(true)}
              aria-label={
                isAuthor
                  ? i18n.t('community.comments.removeOwn')
                  : i18n.t('community.comments.removeBy', { name: who })
              }
            >
              {i18n.t('community.comments.remove')}
            </Button>
          )}
          {!isAuthor &&
            viewer.userId !== null &&
            slots.reportButton?.(comment.id, i18n.t('community.comments.reportBy', { name: who }))}
          {mayBlock && comment.author && slots.blockButton?.(comment.author.id, who)}
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title={i18n.t('community.comments.removeTitle')}
        confirmLabel={i18n.t('community.comments.remove')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: (reply) => {
              notify.success(reply.message);
              setConfirming(false);
            },
            onError: (error) =>
              notify.error(serverMessage(error) ?? i18n.t('community.comments.removeFailed')),
          })
        }
      >
        {i18n.t('community.comments.removeQuestion', {
          removed: i18n.t(COMMUNITY_MESSAGES.commentRemoved),
        })}
      </ConfirmDialog>
    </Stack>
  );
}

function Thread({
  thread,
  target,
  viewer,
  slots,
}: {
  thread: Comment;
  target: CommentTarget;
  viewer: Viewer;
  slots: CommentSlots;
}) {
  const i18n = useI18n();
  const [replying, setReplying] = useState(false);
  // A hidden thread takes no replies while it is reviewed (the API refuses them).
  const canReply = viewer.canComment && !thread.removed && !thread.hidden;
  return (
    <Paper component="li" withBorder radius="md" p="md" style={{ listStyle: 'none' }}>
      <CommentItem
        comment={thread}
        target={target}
        viewer={viewer}
        slots={slots}
        onReply={canReply ? () => setReplying(true) : undefined}
      />
      {(thread.replies.length > 0 || replying) && (
        <Box
          mt="sm"
          ml={{ base: 'xs', sm: 'lg' }}
          p={0}
          style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }}
        >
          {/* The list is the Stack itself: a list holds only its items (WCAG 1.3.1). */}
          <Stack component="ul" gap="sm" pl="md" my={0} aria-label={i18n.t('community.comments.replies')}>
            {thread.replies.map((reply) => (
              <li key={reply.id} style={{ listStyle: 'none' }}>
                <CommentItem
                  comment={reply}
                  target={target}
                  viewer={viewer}
                  slots={slots}
                  onReply={canReply ? () => setReplying(true) : undefined}
                />
              </li>
            ))}
            {replying && (
              <li style={{ listStyle: 'none' }}>
                <CommentForm
                  target={target}
                  parentId={thread.id}
                  label={
                    thread.author
                      ? i18n.t('community.comments.replyTo', { name: personName(thread.author.name, i18n) })
                      : i18n.t('community.comments.replyToThis')
                  }
                  submitLabel={i18n.t('community.comments.postReply')}
                  onDone={() => setReplying(false)}
                  onCancel={() => setReplying(false)}
                />
              </li>
            )}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}

/**
 * The comments of a project or of an update: threads newest first, replies oldest first, Creator and Backer
 * badges; the creator and backers write, others read. Comments are plain text, shown as text.
 */
export function CommentsThread({
  target,
  isCreator,
  reportButton,
  blockButton,
  closed = false,
}: {
  target: CommentTarget;
  isCreator: boolean;
  /** The campaign ended early (DESIGN.md §18): the comments are read, no longer written. */
  closed?: boolean;
} & CommentSlots) {
  const i18n = useI18n();
  const [page, setPage] = useState(1);
  const session = useSession();
  const comments = useComments(target, page);

  if (comments.isError) {
    return (
      <Alert color="red" role="alert">
        {serverMessage(comments.error) ?? i18n.t('community.comments.loadFailed')}
      </Alert>
    );
  }
  if (!comments.data) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label={i18n.t('community.comments.loading')} />
      </Group>
    );
  }
  const { comments: threads, can_comment: canComment } = comments.data.data;
  const viewer: Viewer = {
    userId: session.userId,
    isAdmin: session.isAdmin,
    isCreator,
    canComment: canComment && !closed,
    closed,
  };

  return (
    <Stack gap="md">
      {closed ? (
        <Text size="sm" c="dimmed" role="note">
          {i18n.t('community.comments.closed')}
        </Text>
      ) : canComment ? (
        <CommentForm
          target={target}
          label={i18n.t('community.comments.write')}
          submitLabel={i18n.t('community.comments.post')}
        />
      ) : session.isSignedIn ? (
        <Text size="sm" c="dimmed" role="note">
          {i18n.t(COMMUNITY_MESSAGES.onlyBackersComment)}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" role="note">
          <Rich
            id="community.comments.signInToComment"
            tags={{
              link: (text) => (
                <Anchor component={Link} to="/signin" size="sm">
                  {text}
                </Anchor>
              ),
            }}
          />
        </Text>
      )}
      {threads.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {i18n.t('community.comments.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={i18n.t('community.comments.label')}>
          {threads.map((thread) => (
            <Thread
              key={thread.id}
              thread={thread}
              target={target}
              viewer={viewer}
              slots={{ reportButton, blockButton }}
            />
          ))}
        </Stack>
      )}
      <PageNavigation
        page={page}
        total={comments.data.meta.pages}
        onChange={setPage}
        label={i18n.t('community.comments.pages')}
      />
    </Stack>
  );
}
