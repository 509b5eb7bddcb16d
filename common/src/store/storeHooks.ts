/** The store hooks every world's components use (kept apart from the worlds, so a component pulls in none). */
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

export type AppDispatch = Dispatch<UnknownAction>;
export const useAppDispatch: () => AppDispatch = useDispatch;
/**
 * Reads the store through a selector. Common's selectors name the slices they read
 * (`WithSession`, `WithLogPaging`, ...); an app that wants the compiler to check its whole state
 * uses `useSelector.withTypes<ItsState>()`.
 */
export const useAppSelector = useSelector;
