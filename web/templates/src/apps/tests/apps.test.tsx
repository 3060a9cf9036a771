import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { initialBoard, moveTask } from '../data/kanban'
import CourseDetails from '../../pages/apps/academy/course-details'
import AcademyDashboard from '../../pages/apps/academy/dashboard'
import MyCourse from '../../pages/apps/academy/my-course'
import Calendar from '../../pages/apps/calendar'
import Chat from '../../pages/apps/chat'
import EmailFilter from '../../pages/apps/email/[filter]'
import Email from '../../pages/apps/email/index'
import Kanban from '../../pages/apps/kanban'
import { renderPage } from './render-page'

describe('calendar, chat, email, kanban and academy', { timeout: 30_000 }, () => {
  it('calendar mounts with its filters', () => {
    renderPage(Calendar)
    expect(screen.getByRole('heading', { name: 'Calendar' })).toBeInTheDocument()
    expect(screen.getByTestId('calendar-container')).toBeInTheDocument()
    fireEvent.click(screen.getAllByRole('button', { name: 'Add event' })[0] as HTMLElement)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('This field is required.')).toBeInTheDocument()
  })

  it('chat sends a message and gets an answer', () => {
    vi.useFakeTimers()
    try {
      renderPage(Chat)
      fireEvent.click(screen.getByText('Gavin Griffith'))
      fireEvent.change(screen.getByRole('textbox', { name: 'Type your message' }), { target: { value: 'See you at six' } })
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
      expect(screen.getAllByText('See you at six').length).toBeGreaterThan(0)
      act(() => vi.advanceTimersByTime(1500))
      expect(screen.getByRole('log').children.length).toBeGreaterThan(4)
    } finally {
      vi.useRealTimers()
    }
  })

  it('email shows folders and labels', () => {
    renderPage(Email)
    expect(screen.getByRole('heading', { name: 'Inbox' })).toBeInTheDocument()
    renderPage(EmailFilter, { url: '/apps/email/important', pattern: '/apps/email/:filter' })
    expect(screen.getByRole('heading', { name: 'Important' })).toBeInTheDocument()
    renderPage(EmailFilter, { url: '/apps/email/nowhere', pattern: '/apps/email/:filter' })
    expect(screen.getByText('There is no folder or label with this name.')).toBeInTheDocument()
  })

  it('kanban renders columns and moves tasks between them', () => {
    renderPage(Kanban)
    expect(screen.getByRole('region', { name: 'In progress' })).toBeInTheDocument()
    const moved = moveTask(initialBoard, 't1', 'done')
    expect(moved.todo.map((t) => t.id)).not.toContain('t1')
    expect(moved.done.at(-1)?.id).toBe('t1')
    const reordered = moveTask(initialBoard, 't3', 't1')
    expect(reordered.todo.map((t) => t.id)).toEqual(['t3', 't1', 't2'])
  })

  it('academy pages render and filter', () => {
    renderPage(AcademyDashboard).unmount()
    renderPage(MyCourse)
    fireEvent.change(screen.getByRole('textbox', { name: 'Search courses' }), { target: { value: 'figma' } })
    expect(screen.getByRole('heading', { name: 'The Complete Figma Course' })).toBeInTheDocument()
    cleanup()
    renderPage(CourseDetails, { url: '/apps/academy/course-details?course=3', pattern: '/apps/academy/course-details' })
    expect(screen.getByRole('heading', { name: 'React Native' })).toBeInTheDocument()
  })
})
